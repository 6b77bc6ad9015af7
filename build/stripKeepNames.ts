import type { Plugin } from 'vite';

/** The built files of refine's packages. */
export const REFINE_DIST = /[\\/]node_modules[\\/]@refinedev[\\/][\w-]+[\\/]dist[\\/]/;

/** esbuild's `keepNames` helper as the packages' builds write it. */
const KEEP_NAMES_HELPER = 'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';

/**
 * Refine's packages are built with esbuild's `keepNames`: every function they create, callbacks made on each render
 * included, goes through `__name`, an `Object.defineProperty` of its `name` (293 places in @refinedev/core). Names are
 * only for stack traces and devtools; here the helper returns the function as it is. `packages` are matched against
 * module ids; a matched module without the helper fails the build, so an upgrade that changes it is noticed.
 */
export function stripKeepNames(packages: RegExp): Plugin {
  return {
    name: 'strip-keep-names',
    apply: 'build',
    transform(code, id) {
      if (!packages.test(id) || !code.includes('__name(')) return undefined;
      if (!code.includes(KEEP_NAMES_HELPER)) this.error(`strip-keep-names: ${id} calls __name but no longer defines it as expected`);
      return { code: code.replace(KEEP_NAMES_HELPER, 'var __name = (target) => target;'), map: null };
    },
  };
}
