import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, withCompileHint } from '../../build/compileHints';

describe('V8 compile hints on the bundles every signed-in visit runs', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('puts the hint on the first line, once', () => {
    expect(withCompileHint('const a=1;')).toBe(`${COMPILE_HINT}\nconst a=1;`);
    expect(withCompileHint(withCompileHint('const a=1;'))).toBe(`${COMPILE_HINT}\nconst a=1;`);
  });

  it("rewrites the entry and the named groups' chunks as written, above Vite's preload table, and their compressed copies; not the others", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hints-'));
    dirs.push(dir);
    const entry = 'const __vite__mapDeps=(i)=>i;\nimport "./x.js";';
    writeFileSync(join(dir, 'main-1.js'), entry);
    writeFileSync(join(dir, 'main-1.js.br'), brotliCompressSync(entry));
    writeFileSync(join(dir, 'main-1.js.gz'), gzipSync(entry));
    writeFileSync(join(dir, 'screen-2.js'), 'export const b=2;');
    const bundle = {
      // The entry imports the first bundle's chunk, which Vite names after the checkout's folder.
      'index-0.js': { type: 'chunk', name: 'index', fileName: 'index-0.js', isEntry: true, imports: ['main-1.js'] },
      'main-1.js': { type: 'chunk', name: 'checkout-folder', fileName: 'main-1.js', isEntry: false, imports: [] },
      'screen-2.js': { type: 'chunk', name: 'screen', fileName: 'screen-2.js', isEntry: false, imports: ['main-1.js'] },
      'signed-3.js': { type: 'chunk', name: 'signed-in', fileName: 'signed-3.js', isEntry: false, imports: ['main-1.js'] },
    };
    writeFileSync(join(dir, 'index-0.js'), 'import "./main-1.js";');
    writeFileSync(join(dir, 'signed-3.js'), 'export const c=3;');
    const plugin = compileHints({ entry: true, groups: ['signed-in'] });
    (plugin.writeBundle as (options: { dir: string }, bundle: unknown) => void)({ dir }, bundle);

    expect(readFileSync(join(dir, 'main-1.js'), 'utf8')).toBe(`${COMPILE_HINT}\n${entry}`);
    expect(brotliDecompressSync(readFileSync(join(dir, 'main-1.js.br'))).toString()).toBe(`${COMPILE_HINT}\n${entry}`);
    expect(gunzipSync(readFileSync(join(dir, 'main-1.js.gz'))).toString()).toBe(`${COMPILE_HINT}\n${entry}`);
    expect(readFileSync(join(dir, 'index-0.js'), 'utf8')).toBe(`${COMPILE_HINT}\nimport "./main-1.js";`);
    expect(readFileSync(join(dir, 'signed-3.js'), 'utf8')).toBe(`${COMPILE_HINT}\nexport const c=3;`);
    expect(readFileSync(join(dir, 'screen-2.js'), 'utf8')).toBe('export const b=2;');
  });
});
