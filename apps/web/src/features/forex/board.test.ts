// The board's pure rules: grouping, labels, units, the dot directions and the chart's data.
import { describe, expect, it } from 'vitest';
import { DOT_COLOURS, dotData, dotRadius, lineData, zoneSeconds } from './chart-data';
import {
  directions,
  displayUnit,
  formatPointTime,
  formatQuoteTime,
  formatScaled,
  formatWhole,
} from './format';
import { groupSymbols, symbolLabel } from './symbols';

describe('groupSymbols', () => {
  it('puts SJC, Vàng and exactly BPQ/VPQ under Metals, favourites by their first three-capital code', () => {
    const groups = groupSymbols([
      'BPQX',
      'USD/VND',
      'Vàng nhẫn PNJ',
      'KRW',
      'VPQ',
      'EURO',
      'SJC',
      'GBPUSD',
      'AUD',
      'xau',
      'BPQ',
      'JPY',
    ]);
    expect(groups.metals).toEqual(['SJC', 'Vàng nhẫn PNJ', 'VPQ', 'BPQ']);
    // In the spec's order; GBPUSD's first code is GBP, 'EURO' carries EUR, no CNY here.
    expect(groups.favorites).toEqual(['USD/VND', 'GBPUSD', 'JPY', 'EURO', 'KRW']);
    // BPQX is not exactly BPQ; 'xau' has no capital code.
    expect(groups.others).toEqual(['AUD', 'BPQX', 'xau']);
  });

  it('keeps one button per favourite code; a second symbol with it goes to the others', () => {
    expect(groupSymbols(['USD', 'USDT'])).toEqual({ metals: [], favorites: ['USD'], others: ['USDT'] });
  });
});

describe('labels', () => {
  it('names gold, silver and Phú Quý 999.9, and flags the currencies', () => {
    expect(symbolLabel('SJC')).toMatchObject({ icon: { kind: 'metal', metal: 'gold' }, short: 'Gold' });
    expect(symbolLabel('BPQ').short).toBe('Silver (BPQ)');
    expect(symbolLabel('VPQ').short).toBe('Phú Quý 999.9');
    expect(symbolLabel('JPY')).toEqual({
      icon: { kind: 'flag', country: 'JP' },
      short: 'JPY',
      long: 'JPY — Yên Nhật',
    });
    expect(symbolLabel('BPQ').icon).toEqual({ kind: 'metal', metal: 'silver' });
    expect(symbolLabel('ZZZ').icon).toEqual({ kind: 'currency' });
  });
});

describe('units', () => {
  it('shows metals in triệu and others in nghìn with 3 decimals, the card in whole đồng', () => {
    expect(displayUnit('SJC').unit).toBe('triệu');
    expect(displayUnit('Vàng nhẫn SJC').unit).toBe('triệu');
    expect(formatScaled(152_300_000, displayUnit('SJC'))).toBe('152,3');
    expect(displayUnit('USD').unit).toBe('nghìn');
    expect(formatScaled(26_267.5, displayUnit('USD'))).toBe('26,268');
    expect(formatScaled(168.5, displayUnit('JPY'))).toBe('0,169');
    expect(formatWhole(152_300_000.4)).toBe('152.300.000');
    expect(formatWhole(null)).toBe('—');
  });
});

describe('dot directions', () => {
  it('is up when the price rose from the previous point, down when it fell, none first or unchanged', () => {
    expect(directions([5, 6, 6, 4, 4.5])).toEqual([null, 'up', null, 'down', 'up']);
    expect(directions([])).toEqual([]);
  });
});

describe('the chart data', () => {
  const points = [5, 6, 6, 4, 4.5].map((last, i) => ({
    time: new Date(Date.UTC(2026, 10, 22, 17 + i)).toISOString(),
    last,
  }));

  it("puts each point at Vietnam's wall-clock time (the library reads times as UTC)", () => {
    // 17:00 UTC on 22/11 is midnight on 23/11 in Vietnam (UTC+7).
    expect(zoneSeconds('2026-11-22T17:00:00.000Z')).toBe(Date.UTC(2026, 10, 23, 0) / 1000);
    expect(lineData(points).map((p) => p.value)).toEqual([5, 6, 6, 4, 4.5]);
    expect(lineData(points)[1]?.time).toBe(Date.UTC(2026, 10, 23, 1) / 1000);
  });

  it('draws a green dot on a rise and a red one on a fall, and a gap first and where unchanged', () => {
    const dots = dotData(points);
    expect(dots.map((d) => ('color' in d ? d.color : null))).toEqual([
      null,
      DOT_COLOURS.up,
      null,
      DOT_COLOURS.down,
      DOT_COLOURS.up,
    ]);
    // A dot sits on the line: its value is the point's.
    expect(dots.map((d) => ('value' in d ? d.value : null))).toEqual([null, 6, null, 4, 4.5]);
    // Every point keeps its time, so the dots line up with the line's points.
    expect(dots.map((d) => d.time)).toEqual(lineData(points).map((p) => p.time));
    expect(DOT_COLOURS).toEqual({ up: '#2f9e44', down: '#e03131' });
  });

  it('draws smaller dots when many points share the width', () => {
    expect(dotRadius(150)).toBe(3);
    expect(dotRadius(151)).toBe(2);
  });
});

describe('times', () => {
  it("writes a quote's time to the second and a chart point's to the minute, in Vietnam", () => {
    expect(formatQuoteTime('2026-11-22T05:30:07Z')).toBe('12:30:07 22/11/2026');
    expect(formatPointTime(Date.parse('2026-11-22T17:05:59Z'))).toBe('00:05 23/11/2026');
  });
});
