// Which code the screen at a URL needs besides the app itself, fetched from the first moment (decision
// 0022). main.tsx calls this before the app has even arrived, so the signed-in shell and the screen's
// chunks download in parallel with it instead of after it has started and its router has matched the URL.
// Only dynamic imports here, of the same modules the routes load lazily: this file stays a few hundred
// bytes in main.tsx's chunk, and the routes then find their code loaded or on its way. A URL missing here
// still works: its route loads its code as before, only later.

const loaders: [RegExp, () => Promise<unknown>][] = [
  [/^\/cashflow\/?$|^\/cashflow\/game\/?$/, () => import('../features/cashflow/components/cashflow-home')],
  [/^\/cashflow\/setup\/?$/, () => import('../features/cashflow/components/setup-page')],
  [/^\/cashflow\/session\/?$/, () => import('../features/cashflow/components/session-page')],
  [/^\/cashflow\/hall\/?$/, () => import('../features/cashflow/hall/hall-page')],
  [/^\/cashflow(\/|$)/, () => import('../features/cashflow/components/cashflow-layout')],
];

let settled: Promise<unknown> = Promise.resolve();

/** Starts loading what `pathname` renders below the sign-in screen; never throws, never waits. */
export function preloadScreen(pathname: string): void {
  // /login renders from the app alone; everything else is a signed-in screen inside the shell.
  if (/^\/login\/?$/.test(pathname)) return;
  const loads: Promise<unknown>[] = [import('./shell/app-layout'), import('../components/module-guard')];
  for (const [pattern, load] of loaders) if (pattern.test(pathname)) loads.push(load());
  // A failed preload is not an error: the route loads (and reports) its own code when it renders.
  for (const load of loads) load.catch(() => {});
  settled = Promise.allSettled(loads);
}

/**
 * Resolves once the code preloadScreen started has arrived or failed (at once when it started none).
 * What can wait for the first screen (the toasts) waits for this, then for the browser to be idle: an
 * idle moment between two of the screen's chunks would otherwise put it before the first paint.
 */
export function preloadedScreenSettled(): Promise<void> {
  return settled.then(() => undefined);
}
