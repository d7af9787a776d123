import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first visit of a lazy route transforms its module: allow more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lacks these; Mantine reads them. Reporting reduced motion turns Mantine's
// transitions off (the theme respects it), so no transition timer outlives a test's page.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom has no layout, so it does not scroll: its scrollTo only logs "Not implemented" whenever
// the virtualised entries list (react-virtual) puts a row back in view.
window.scrollTo = () => {};
