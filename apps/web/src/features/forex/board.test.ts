// The board's pure rules: grouping, labels, units and the dot directions.
import { describe, expect, it } from 'vitest';
import { niceTicks } from './components/price-chart';
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

  it('picks round axis values', () => {
    expect(niceTicks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(26_050, 26_430)).toEqual([26_100, 26_200, 26_300, 26_400]);
  });
});

describe('times', () => {
  it("writes a quote's time to the second and a chart point's to the minute, in Vietnam", () => {
    expect(formatQuoteTime('2026-11-22T05:30:07Z')).toBe('12:30:07 22/11/2026');
    expect(formatPointTime(Date.parse('2026-11-22T17:05:59Z'))).toBe('00:05 23/11/2026');
  });
});
