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

  it('rewrites the chunks of the named groups as written, and their compressed copies; not the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hints-'));
    dirs.push(dir);
    const signedIn = 'export const s=1;';
    writeFileSync(join(dir, 'signed-1.js'), signedIn);
    writeFileSync(join(dir, 'signed-1.js.br'), brotliCompressSync(signedIn));
    writeFileSync(join(dir, 'signed-1.js.gz'), gzipSync(signedIn));
    writeFileSync(join(dir, 'screen-2.js'), 'export const b=2;');
    const bundle = {
      'signed-1.js': { type: 'chunk', name: 'signed-in', fileName: 'signed-1.js' },
      'screen-2.js': { type: 'chunk', name: 'screen', fileName: 'screen-2.js' },
    };
    const plugin = compileHints(['signed-in']);
    (plugin.writeBundle as (options: { dir: string }, bundle: unknown) => void)({ dir }, bundle);

    expect(readFileSync(join(dir, 'signed-1.js'), 'utf8')).toBe(`${COMPILE_HINT}\n${signedIn}`);
    expect(brotliDecompressSync(readFileSync(join(dir, 'signed-1.js.br'))).toString()).toBe(`${COMPILE_HINT}\n${signedIn}`);
    expect(gunzipSync(readFileSync(join(dir, 'signed-1.js.gz'))).toString()).toBe(`${COMPILE_HINT}\n${signedIn}`);
    expect(readFileSync(join(dir, 'screen-2.js'), 'utf8')).toBe('export const b=2;');
  });
});
