import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorFields, PgliteAnswer, PgliteRequest, PgliteWorkerData } from './pglite-worker';

/** The bundled worker's file URL, set by `npm run build` (build/serverBundle.ts); absent when run from source. */
declare const BLADE_PGLITE_WORKER: string | undefined;

const WORKER_SOURCE = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
/** Inside node_modules, so that the worker's imports of packages resolve as they do from the source. */
const SOURCE_BUILDS = fileURLToPath(new URL('../../node_modules/.cache/pglite-worker', import.meta.url));

/**
 * Run from source (tests, `npm run dev`), the worker is bundled once per process as `npm run build` bundles it: a
 * thread loading its TypeScript through tsx took a third of a second more at every start. Named by its content, so
 * processes building at once write the same file.
 */
async function bundleSourceWorker(): Promise<URL> {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [WORKER_SOURCE],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    write: false,
    logLevel: 'warning',
  });
  const code = outputFiles[0].contents;
  const file = join(SOURCE_BUILDS, `${createHash('sha1').update(code).digest('hex')}.mjs`);
  if (!existsSync(file)) {
    await mkdir(SOURCE_BUILDS, { recursive: true });
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return pathToFileURL(file);
}

let sourceWorker: Promise<URL> | undefined;
const workerUrl = (): Promise<URL> =>
  typeof BLADE_PGLITE_WORKER === 'string' ? Promise.resolve(new URL(BLADE_PGLITE_WORKER)) : (sourceWorker ??= bundleSourceWorker());

/**
 * PGlite's WebAssembly compiled once per process and its file-system image read once: each thread would compile the
 * 9 MB module again (half a second). A compiled module crosses to a thread without being copied.
 */
let artifacts: Promise<Pick<PgliteWorkerData, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>> | undefined;
const pgliteArtifacts = () =>
  (artifacts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, data] = await Promise.all(['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((name) => readFile(join(dist, name))));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite), WebAssembly.compile(initdb)]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([data]) };
  })());

/** An error of the database thread as this thread throws it: PostgreSQL's fields (code, constraint, ...) kept. */
function errorOf(fields: ErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The embedded database in a thread of its own (`pglite-worker.ts`): requests go as messages and come back as
 * answers, in the order they were sent, as PGlite itself takes them. While no answer is awaited the thread does not
 * keep the process alive, as PGlite in this thread did not.
 */
export class PgliteThread {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: PgliteAnswer) => {
      if (!('id' in answer)) return;
      const waiting = this.waiting.get(answer.id);
      if (!waiting) return;
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      if (answer.error) waiting.reject(errorOf(answer.error));
      else waiting.resolve(answer.value);
    });
    const stop = (error: Error) => {
      this.stopped ??= error;
      for (const waiting of this.waiting.values()) waiting.reject(this.stopped);
      this.waiting.clear();
    };
    worker.on('error', (error) => stop(new Error(`the database thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Opens the database in `dataDir` (initialised already) in a new thread; settles once it answers. */
  static async start(dataDir: string): Promise<PgliteThread> {
    const [url, artifacts] = await Promise.all([workerUrl(), pgliteArtifacts()]);
    const data: PgliteWorkerData = { dataDir, ...artifacts };
    const worker = new Worker(url, { workerData: data });
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      const exited = (code: number) => reject(new Error(`the database thread stopped while opening ${dataDir} (exit code ${code})`));
      worker.on('error', failed);
      worker.on('exit', exited);
      worker.once('message', (answer: PgliteAnswer) => {
        worker.off('error', failed);
        worker.off('exit', exited);
        if ('failed' in answer) {
          void worker.terminate();
          reject(errorOf(answer.failed));
          return;
        }
        worker.unref();
        resolve(new PgliteThread(worker));
      });
    });
  }

  call<T>(request: PgliteRequest): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.nextId;
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.worker.postMessage({ id, ...request });
      } catch (error) {
        // A value that cannot be copied to the thread (a function as a parameter): refused as a statement would be.
        this.waiting.delete(id);
        if (this.waiting.size === 0) this.worker.unref();
        reject(error);
      }
    });
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
