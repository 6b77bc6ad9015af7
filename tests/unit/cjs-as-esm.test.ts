import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rolldown, type Plugin } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import { commonJsAsEsm, commonJsExportNames } from '../../build/commonJsAsEsm';

/** A scratch folder inside the project, where `react` and `classnames` resolve from node_modules. */
const scratchDirs: string[] = [];
function scratch(): string {
  const parent = join(process.cwd(), 'node_modules/.cache');
  mkdirSync(parent, { recursive: true });
  scratchDirs.push(mkdtempSync(join(parent, 'cjs-as-esm-')));
  return scratchDirs.at(-1)!;
}
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

/** Three modules that import React as antd does (namespace, default, named), bundled unminified. */
async function bundle(plugins: Plugin[]): Promise<string> {
  const dir = scratch();
  writeFileSync(join(dir, 'a.js'), `import * as React from 'react';\nexport const a = () => React.useState(1);\n`);
  writeFileSync(join(dir, 'b.js'), `import React from 'react';\nexport const b = () => React.useMemo(() => 2, []);\n`);
  writeFileSync(join(dir, 'c.js'), `import { useRef } from 'react';\nimport cls from 'classnames';\nexport const c = () => cls('x', { y: true });\nexport const d = () => useRef(3);\n`);
  writeFileSync(join(dir, 'entry.js'), `export { a } from './a.js';\nexport { b } from './b.js';\nexport { c, d } from './c.js';\n`);
  const build = await rolldown({ input: join(dir, 'entry.js'), cwd: process.cwd(), plugins, logLevel: 'silent' });
  // As vite.config.ts builds: each module keeps its own init, and with it its own interop copy.
  const { output } = await build.generate({ format: 'esm', strictExecutionOrder: true });
  return output[0].code;
}
const interopCopies = (code: string) => (code.match(/__toESM\(/g) ?? []).length;

describe('CommonJS packages imported as ES modules', () => {
  it("lists React's exports by name", () => {
    const names = commonJsExportNames('react');
    expect(names).toEqual(expect.arrayContaining(['useState', 'useMemo', 'createElement', 'Fragment', 'version']));
    expect(names).not.toContain('default');
  });

  it('makes one interop copy per package, however many modules import it', async () => {
    const plain = await bundle([]);
    expect(interopCopies(plain)).toBeGreaterThanOrEqual(3);
    const shimmed = await bundle([commonJsAsEsm(['react', 'classnames']) as unknown as Plugin]);
    expect(interopCopies(shimmed)).toBe(2);
  });

  it('keeps what the modules get from the package', async () => {
    const dir = scratch();
    const file = join(dir, 'out.mjs');
    writeFileSync(file, await bundle([commonJsAsEsm(['react', 'classnames']) as unknown as Plugin]));
    const { a, b, c, d } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, () => unknown>;
    // Hooks outside a render fail on React's missing dispatcher (null): the names are React's own functions.
    expect(a).toThrow(/of null \(reading 'useState'\)/);
    expect(b).toThrow(/of null \(reading 'useMemo'\)/);
    expect(d).toThrow(/of null \(reading 'useRef'\)/);
    expect(c()).toBe('x y');
  });
});
