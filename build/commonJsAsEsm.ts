import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const SHIM_PREFIX = '\0cjs-as-esm:';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The names a CommonJS package exports, as Node loads it in production (React picks its build by NODE_ENV). */
export function commonJsExportNames(name: string): string[] {
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const exported = createRequire(import.meta.url)(name) as Record<string, unknown>;
    return Object.keys(exported).filter((key) => key !== 'default' && IDENTIFIER.test(key));
  } finally {
    if (environment === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = environment;
  }
}

/**
 * React (and classnames) ship as CommonJS only. The bundler gives every module that imports such a package as a
 * namespace or a default (`import * as React from 'react'`, as antd and rc-* do) its own interop copy of the exports:
 * for React an object of 44 getters, built 610 times on a list page's cold visit (~35 ms of main thread), after which
 * every hook call goes through a getter. Here the ES imports of these packages go to one ES module per package that
 * re-exports its names, so that copy is made once and the names are plain bindings. CommonJS `require()` calls
 * (react-dom and the like) are left as they are.
 */
export function commonJsAsEsm(packages: readonly string[]): Plugin {
  const names = new Map(packages.map((name) => [name, commonJsExportNames(name)]));
  return {
    name: 'cjs-as-esm',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      const kind = (options as { kind?: string }).kind;
      if (names.has(source) && (kind === 'import-statement' || kind === 'dynamic-import')) return `${SHIM_PREFIX}${source}`;
      return undefined;
    },
    async load(id) {
      if (!id.startsWith(SHIM_PREFIX)) return undefined;
      const name = id.slice(SHIM_PREFIX.length);
      const real = await this.resolve(name, undefined, { skipSelf: true });
      if (!real) throw new Error(`cjs-as-esm: ${name} does not resolve`);
      const exported = names.get(name) ?? [];
      return [
        `import exported from ${JSON.stringify(real.id)};`,
        `export default exported;`,
        ...(exported.length > 0 ? [`export const { ${exported.join(', ')} } = exported;`] : []),
      ].join('\n');
    },
  };
}
