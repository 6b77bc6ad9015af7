import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Where `npm run build` writes the server; `npm start` and `npm run serve` run `dist-server/main.mjs`. */
export const SERVER_OUT_DIR = fileURLToPath(new URL('../dist-server', import.meta.url));
const ENTRY = fileURLToPath(new URL('../server/main.ts', import.meta.url));
/** The embedded database's thread (`server/db/pglite-thread.ts` starts it from this bundle once built). */
const PGLITE_WORKER_ENTRY = fileURLToPath(new URL('../server/db/pglite-worker.ts', import.meta.url));
const AGENT_ENTRY = fileURLToPath(new URL('../agent/main.ts', import.meta.url));
/** Beside the app's files, where the server answers it at `/agent/agent.mjs` (see the execution module). */
export const AGENT_OUT_FILE = fileURLToPath(new URL('../dist/agent/agent.mjs', import.meta.url));
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/**
 * Each project module keeps its own `import.meta.url` (its source file's), so what it finds beside itself — the
 * migrations, the demo scripts, PGlite's init script, the sources the seed hashes — is read from the checkout the
 * server was built from, as when it runs from source.
 */
const sourceUrlPlugin: Plugin = {
  name: 'source-url',
  setup(build) {
    build.onLoad({ filter: /\.m?ts$/ }, async ({ path }) => {
      if (NODE_MODULES.test(path)) return undefined;
      const source = await readFile(path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)), loader: 'ts' };
    });
  },
};

/**
 * The server as a few ES modules, built once: run from source, Node loads some 150 TypeScript files through tsx's
 * loader on every start. Packages stay in node_modules, and what is imported on demand (the database driver not in
 * use, the S3 client, each resource's server code) stays in chunks of its own, loaded only when asked for.
 */
export async function bundleServer(outdir = SERVER_OUT_DIR): Promise<void> {
  // Chunk names carry a hash: the previous build's would otherwise stay beside the new ones.
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: ENTRY, 'pglite-worker': PGLITE_WORKER_ENTRY },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceUrlPlugin],
    define: { BLADE_PGLITE_WORKER: JSON.stringify(pathToFileURL(join(outdir, 'pglite-worker.mjs')).href) },
  });
}

/**
 * The terminal agent as one JavaScript file on Node's built-ins: a test bench fetches it from the server and runs it
 * with `node`, with no checkout and no packages.
 */
export async function bundleAgent(outfile = AGENT_OUT_FILE): Promise<void> {
  await build({
    entryPoints: [AGENT_ENTRY],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await Promise.all([bundleServer(), bundleAgent()]);
