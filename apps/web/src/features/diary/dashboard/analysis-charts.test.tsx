// The dashboard's charts under the jar cards: each chart reaches assistive technology as an image
// named by its title and summary, with its numbers in a table; the numbers are the API's; the charts
// ask for the browser's time zone, and an empty window loads no charts at all.
import {
  type Analysis,
  type AnalysisCharts,
  FEELINGS,
  JAR_KEYS,
  JAR_NAMES,
  type JarKey,
} from '@staff/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { AnalysisPage } from '../components/analysis-page';
import { feelingCounts, feelingsPerJar, shareVsTarget, timePerBucket } from './chart-data';

const zeroJars = () => Object.fromEntries(JAR_KEYS.map((k) => [k, 0])) as Record<JarKey, number>;
const TARGETS: Partial<Record<JarKey, number>> = {
  essential: 35,
  investment: 10,
  development: 15,
  education: 15,
  entertainment: 15,
  sharing: 10,
};

function analysisOf(minutes: Partial<Record<JarKey, number>>): Analysis {
  const all = { ...zeroJars(), ...minutes };
  const total = JAR_KEYS.reduce((s, k) => s + all[k], 0);
  const waking = total - all.sleep;
  return {
    days: 7,
    window_start: '2040-01-08T12:00:00.000Z',
    window_end: '2040-01-15T12:00:00.000Z',
    total_minutes: total,
    waking_minutes: waking,
    jars: JAR_KEYS.map((key, i) => ({
      id: i + 1,
      key,
      name: JAR_NAMES[key],
      minutes: all[key],
      percent: key === 'sleep' ? null : waking > 0 ? (all[key] * 100) / waking : 0,
      target: TARGETS[key] ?? null,
      status: null,
      colour: null,
    })),
    sleep: {
      minutes: all.sleep,
      hours_per_day: all.sleep / 60 / 7,
      advice: 'reasonable',
      advice_label: 'reasonable',
    },
    unclassified_categories: [],
  };
}

/** Sleep 8 h on one night split over two days, 3 h of work, 1 h of fun: feelings tired, happy, excited. */
function chartsOf(analysis: Analysis): AnalysisCharts {
  const day = (date: string, minutes: Partial<Record<JarKey, number>>) => ({
    start_date: date,
    start: `${date}T00:00:00.000Z`,
    end: `${date}T00:00:00.000Z`,
    minutes: { ...zeroJars(), ...minutes },
  });
  const feelings = Object.fromEntries(FEELINGS.map((f) => [f, 0])) as Record<
    (typeof FEELINGS)[number],
    number
  >;
  return {
    days: 7,
    time_zone: 'Asia/Ho_Chi_Minh',
    window_start: analysis.window_start,
    window_end: analysis.window_end,
    bucket: 'day',
    jars: analysis.jars.map(({ key, name, minutes, percent, target }) => ({
      key,
      name,
      minutes,
      percent,
      target,
    })),
    buckets: [
      day('2040-01-10', { sleep: 120 }),
      day('2040-01-11', { sleep: 360, essential: 180 }),
      day('2040-01-12', { entertainment: 60 }),
    ],
    feelings: FEELINGS.map((feeling) => ({
      feeling,
      count: { tired: 1, happy: 2, excited: 1 }[feeling as 'tired'] ?? 0,
      minutes: { tired: 480, happy: 180, excited: 60 }[feeling as 'tired'] ?? 0,
    })),
    jar_feelings: analysis.jars.map((j) => ({
      key: j.key,
      name: j.name,
      minutes: j.minutes,
      feelings: {
        ...feelings,
        ...(j.key === 'sleep' ? { tired: 480 } : {}),
        ...(j.key === 'essential' ? { happy: 120, anxious: 60 } : {}),
        ...(j.key === 'entertainment' ? { excited: 60 } : {}),
      },
    })),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const MINUTES = { sleep: 480, essential: 180, entertainment: 60 };

describe('the analysis charts', { timeout: 30_000 }, () => {
  it('draws four charts, each an image named by its summary, with its numbers in a table', async () => {
    const analysis = analysisOf(MINUTES);
    const api = fakeApi({
      'GET /api/diaries/analysis/': () => jsonResponse(200, analysis),
      'GET /api/diaries/analysis/charts/': () => jsonResponse(200, chartsOf(analysis)),
    });
    renderRoutes([{ path: '/diary/dashboard', element: <AnalysisPage /> }], '/diary/dashboard?days=7');
    const panel = await screen.findByTestId('analysis-charts', {}, { timeout: 15_000 });

    // The browser's zone goes with the window.
    const [call] = api.callsTo('GET /api/diaries/analysis/charts/');
    expect(call?.url.searchParams.get('days')).toBe('7');
    expect(call?.url.searchParams.get('time_zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    const images = within(panel).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Share of waking time against the target. Furthest from its target: Thiết yếu, 75% of waking time against 35%.',
      'Hours per jar, day by day. 3 days; the most logged: 11/01/2040, 9 h.',
      'How often each feeling was logged. 4 entries; the most often: 😊 Happy, 2 entries.',
      "Each jar's time by feeling. Ngủ mostly 😴 Tired (100%); Thiết yếu mostly 😊 Happy (66.7%); Giải trí mostly 🤩 Excited (100%).",
    ]);
    for (const section of within(panel).getAllByRole('region')) {
      const name = section.querySelector('h2')?.textContent ?? '';
      expect(within(section).getByRole('img').getAttribute('aria-label')).toContain(name);
      fireEvent.click(within(section).getByText('Show the numbers as a table'));
      expect(within(section).getByRole('table', { name })).toBeTruthy();
    }

    const share = within(screen.getByTestId('chart-share')).getByRole('table');
    const essential = within(share).getByRole('rowheader', { name: 'Thiết yếu' }).closest('tr');
    expect(
      within(essential as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['75%', '35%', '3 h']);
    const time = within(screen.getByTestId('chart-time')).getByRole('table');
    expect(
      within(time)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day', 'Ngủ', 'Thiết yếu', 'Giải trí', 'Total']);
    const eleventh = within(time).getByRole('rowheader', { name: '11/01/2040' }).closest('tr');
    expect(
      within(eleventh as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6 h', '3 h', '0 min', '9 h']);
    const feelings = within(screen.getByTestId('chart-feelings')).getByRole('table');
    const happy = within(feelings).getByRole('rowheader', { name: '😊 Happy' }).closest('tr');
    expect(
      within(happy as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '3 h']);
  });

  it('loads no charts for a window with nothing logged', async () => {
    const api = fakeApi({ 'GET /api/diaries/analysis/': () => jsonResponse(200, analysisOf({})) });
    renderRoutes([{ path: '/diary/dashboard', element: <AnalysisPage /> }], '/diary/dashboard');
    await screen.findByTestId('jar-card-sleep', {}, { timeout: 5000 });
    expect(screen.queryByTestId('analysis-charts')).toBeNull();
    expect(api.callsTo('GET /api/diaries/analysis/charts/')).toHaveLength(0);
  });

  it('says so and offers to try again when the charts cannot load', async () => {
    fakeApi({
      'GET /api/diaries/analysis/': () => jsonResponse(200, analysisOf(MINUTES)),
      'GET /api/diaries/analysis/charts/': () => jsonResponse(500, { detail: 'Boom.' }),
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([{ path: '/diary/dashboard', element: <AnalysisPage /> }], '/diary/dashboard');
    expect(await screen.findByText('The charts could not be loaded.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByTestId('jar-card-essential').textContent).toContain('3 h');
    error.mockRestore();
  });
});

describe('the charts data', () => {
  const charts = chartsOf(analysisOf(MINUTES));

  it('leaves sleep out of the shares, and unclassified while it holds no time', () => {
    const { data } = shareVsTarget(charts);
    expect(data.map((d) => d.jar)).toEqual([
      'Thiết yếu',
      'Đầu tư',
      'Phát triển',
      'Giáo dục',
      'Giải trí',
      'Cho đi',
    ]);
    expect(data[0]).toEqual({ jar: 'Thiết yếu', Actual: 75, Target: 35 });
  });

  it('draws hours per jar with time, per bucket', () => {
    const { data, series } = timePerBucket(charts);
    expect(series.map((s) => s.key)).toEqual(['sleep', 'essential', 'entertainment']);
    expect(data[1]).toEqual({ bucket: '11/01', Ngủ: 6, 'Thiết yếu': 3, 'Giải trí': 0 });
  });

  it('counts feelings and shares each jar by feeling', () => {
    expect(feelingCounts(charts).data.find((d) => d.feeling === '😊 Happy')?.Entries).toBe(2);
    const essential = feelingsPerJar(charts).data.find((d) => d.jar === 'Thiết yếu');
    expect(essential?.['😊 Happy']).toBe(66.7);
    expect(essential?.['😰 Anxious']).toBe(33.3);
    expect(feelingsPerJar(charts).data.map((d) => d.jar)).toEqual(['Ngủ', 'Thiết yếu', 'Giải trí']);
  });

  it('labels weeks by their Monday', () => {
    const weekly = { ...charts, bucket: 'week' as const };
    expect(timePerBucket(weekly).table.rows[0]?.[0]).toBe('Week of 10/01/2040');
    expect(timePerBucket(weekly).table.head[0]).toBe('Week');
  });
});
