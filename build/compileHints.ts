import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later). The functions of a file that starts with it are compiled on a
 * background thread while the file streams in, instead of on the main thread when each is first called, which on a
 * cold visit is during the first render. V8 reads it only as the file's first line.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The file with the hint as its first line (once). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;
}

/**
 * Build plugin: starts the chunks of the named code-splitting groups (the code every signed-in visit runs) with the
 * compile hint. Not the first bundle: its module runs only once compiled, and compiling every function of it first
 * kept the main thread idle for longer than the lazy compiles it saved (paired cold visits of a list, 114 ms median).
 * It rewrites the written files, because Vite puts its preload table at the top of the entry chunk after every plugin's
 * `generateBundle`, and then the compressed copies beside them (vite-plugin-compression2's `.br` and `.gz`).
 */
export function compileHints(groups: string[]): Plugin {
  const names = new Set(groups);
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !names.has(output.name)) continue;
        const path = join(dir, output.fileName);
        const code = withCompileHint(readFileSync(path, 'utf8'));
        writeFileSync(path, code);
        if (existsSync(`${path}.br`)) {
          const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
          writeFileSync(`${path}.br`, brotliCompressSync(code, { params: quality }));
        }
        if (existsSync(`${path}.gz`)) writeFileSync(`${path}.gz`, gzipSync(code, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
