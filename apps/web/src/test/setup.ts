// jsdom lacks a few browser APIs Mantine uses.
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// The module guard loads lazily in the app (its user schema stays off /login's download); loading it
// here keeps that first import out of the tests' findBy timeouts, as a static import used to.
import '../components/module-guard';

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

Object.defineProperty(window, 'getComputedStyle', {
  value: window.getComputedStyle.bind(window),
  configurable: true,
});

// Screens load their code on demand (route-level lazy); the first load of a feature in a test file
// transforms its modules, which takes more than findBy's default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // Mantine's toasts live in a module-level store that outlives the test (and, with the files sharing
  // modules, the file): a toast left there would show in the next test's <Notifications />.
  notifications.clean();
});
