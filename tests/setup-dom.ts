// The app injects its messages at start (src/main.tsx); components under test need them too.
import '../src/locales/register';
import { registerSchemaMessages } from '../providers/i18n';
import { resourceSchemas } from '../resources/schemas';

registerSchemaMessages(resourceSchemas);

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

