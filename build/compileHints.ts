import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

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
 * Build plugin: starts the first bundle (the entry chunk and what it imports statically) and the chunks of the named
 * groups (the code every signed-in visit runs) with the compile hint. The first bundle is found from the entry, not by
 * name: its chunk is named after the checkout's folder. It rewrites the written files, because Vite puts its preload table at the top of the entry chunk after every plugin's
 * `generateBundle`, and then the compressed copies beside them (vite-plugin-compression2's `.br` and `.gz`).
 */
export function compileHints({ entry, groups }: { entry: boolean; groups: string[] }): Plugin {
  const names = new Set(groups);
  /** The file names of the entry chunks and of every chunk they import statically. */
  const firstBundle = (chunks: OutputChunk[]) => {
    const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const found = new Set<string>();
    const visit = (chunk: OutputChunk | undefined) => {
      if (!chunk || found.has(chunk.fileName)) return;
      found.add(chunk.fileName);
      chunk.imports.forEach((fileName) => visit(byName.get(fileName)));
    };
    chunks.filter((chunk) => chunk.isEntry).forEach(visit);
    return found;
  };
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const first = entry ? firstBundle(chunks) : new Set<string>();
      for (const output of chunks) {
        if (!first.has(output.fileName) && !names.has(output.name)) continue;
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
