// The app injects its messages at start (src/main.tsx); components under test need them too.
import '../src/locales/register';
import { registerSchemaMessages } from '../providers/i18n';
import { resourceSchemas } from '../resources/schemas';
import { configure } from '@testing-library/react';

registerSchemaMessages(resourceSchemas);

// A `findBy` waits for what the user would see; its own 1 s default is shorter than a cold first render of antd and
// Refine on a busy two-core machine (seconds), so a screen that did render failed as if it had not. The test's own
// timeout (vitest.config.ts, unit project) is the bound instead: a screen that never renders still fails.
configure({ asyncUtilTimeout: 14_000 });

// jsdom lacks these browser APIs that antd relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

