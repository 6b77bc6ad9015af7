import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

export type Preloadable<P extends object> = FunctionComponent<P> & {
  /** Starts loading the code; resolves once the component can render without suspending. */
  preload(): Promise<unknown>;
};

/**
 * `React.lazy` that renders at once when its code has already arrived (preloaded at start-up, or visited before).
 * A plain `lazy` suspends on its first render even then, and React reveals a suspended boundary only in 300 ms
 * steps: a cold visit going through the shell, the layout and the page would wait for up to three such steps.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download may succeed on the next visit (a network blip, a new deployment).
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function PreloadableComponent(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the component would remount the page.
    const [Ready] = useState(() => loaded);
    return createElement((Ready ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(PreloadableComponent, { preload });
}
