import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { REFINE_DIST as REFINE, stripKeepNames } from '../../build/stripKeepNames';

const HELPER = 'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';

/** The plugin's transform, run as the bundler runs it: `this.error` throws. */
function transform(code: string, id: string) {
  const plugin = stripKeepNames(REFINE);
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | undefined;
  return hook.call({ error: (message: string) => { throw new Error(message); } }, code, id);
}

describe('refine without keepNames', () => {
  it('turns the helper into the identity, so functions are created without a defineProperty each', () => {
    const source = `var __defProp = Object.defineProperty;\n${HELPER}\nvar useThing = /* @__PURE__ */ __name(() => 1, "useThing");\nexport { useThing };\n`;
    const result = transform(source, '/app/node_modules/@refinedev/core/dist/index.mjs');
    expect(result?.code).toContain('var __name = (target) => target;');
    expect(result?.code).not.toContain('"name", { value');
    const module = new Function('exports', `${result!.code.replace('export { useThing };', 'exports.useThing = useThing;')}`);
    const exported: { useThing?: () => number } = {};
    module(exported);
    expect(exported.useThing?.()).toBe(1);
  });

  it('leaves other packages alone and fails the build when refine stops defining the helper as expected', () => {
    expect(transform(`${HELPER}\n__name(f, "f");`, '/app/node_modules/antd/es/index.js')).toBeUndefined();
    expect(() => transform('var __name = (t, v) => t;\n__name(f, "f");', '/app/node_modules/@refinedev/core/dist/index.mjs')).toThrow(/no longer defines it/);
  });

  it('matches the installed refine packages', () => {
    const require = createRequire(import.meta.url);
    for (const name of ['@refinedev/core', '@refinedev/antd']) {
      const file = require.resolve(name).replace(/index\.c?js$/, 'index.mjs');
      const code = readFileSync(file, 'utf8');
      expect(REFINE.test(file), file).toBe(true);
      expect(code).toContain(HELPER);
    }
  });
});
