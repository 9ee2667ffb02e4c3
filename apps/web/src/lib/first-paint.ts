// What can wait for the page's first contentful paint: the toasts' code and the refresh of a signed-in
// user already known from storage (decision 0022, third pass). Started before that paint, each is one
// more request (and its handling) between the screen's code and the first frame: Lighthouse's simulated
// slow 4G then puts its round trip before the largest contentful paint.

/** Longest wait: a page opened in a background tab paints nothing until it is shown. */
const LONGEST_WAIT_MS = 5000;

let painted = false;
let promise: Promise<void> | null = null;

function supportsPaintEntries(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint')
  );
}

/**
 * Resolves once the browser has reported the page's first contentful paint (at once if it already has),
 * after a few seconds at the latest; where paint timing is not reported (tests, old browsers), on the
 * next task.
 */
export function afterFirstPaint(): Promise<void> {
  promise ??= new Promise<void>((resolve) => {
    let observer: PerformanceObserver | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      if (painted) return;
      painted = true;
      resolve();
    };
    if (!supportsPaintEntries()) {
      timer = setTimeout(done, 0);
      return;
    }
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    timer = setTimeout(done, LONGEST_WAIT_MS);
  });
  return promise;
}

/** Whether the first contentful paint has been reported (or the wait for it is over). */
export function hasPainted(): boolean {
  return painted;
}
