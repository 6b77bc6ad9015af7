import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The product as a newcomer starts it, in a child process: what it prints, and the agent commands it prints run
 * exactly as printed (by a shell, in a folder outside the project). Used by the server tests of the built server and
 * by the browser test of the README journey.
 */

export interface TestBuild {
  /** `npm run serve` as package.json declares it (its Node flags), on this build. */
  serve: string[];
  /** The app's build folder as far as the agent goes (`npm run build` writes the agent beside the app). */
  staticDir: string;
  remove(): void;
}

/**
 * The server and the agent built as `npm run build` builds them, into a folder of the test's own: inside
 * node_modules, so that the bundle's imports of packages resolve as they do from dist-server/.
 */
export async function buildForTest(name: string): Promise<TestBuild> {
  const { bundleAgent, bundleServer } = await import('../../build/serverBundle');
  const dir = join('node_modules', '.cache', `${name}-${process.pid}`);
  const staticDir = join(dir, 'static');
  // One after the other: the server's bundle first empties its folder, which holds the agent's; run side by side, a
  // slow removal (a busy thread pool) took the agent the other build had just written.
  await bundleServer(dir);
  await bundleAgent(join(staticDir, 'agent', 'agent.mjs'));
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.serve;
  if (!script.includes('dist-server/main.mjs')) throw new Error('npm run serve no longer runs dist-server/main.mjs');
  const args = script.split(' ').slice(1).map((arg) => (arg === 'dist-server/main.mjs' ? join(dir, 'main.mjs') : arg));
  return { serve: [process.execPath, ...args], staticDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface PrintedProduct {
  child: ChildProcess;
  url: string;
  output(): string;
  /** The administrator password the first start printed (undefined on a later start). */
  adminPassword(): string | undefined;
  /** The bench command the first start printed for a terminal, as printed (one line). */
  agentCommand(terminalCode: string): string;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
/** Whatever a test left running goes with the test process. */
process.once('exit', () => {
  for (const child of live) killGroup(child);
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((resolve) => child.once('exit', resolve));

/** SIGTERM to the whole group, SIGKILL if it is still there 10 s later. */
async function stopGroup(child: ChildProcess) {
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child), 10_000);
  await exited(child);
  clearTimeout(timer);
  live.delete(child);
}

/** Everything the process writes, stdout and stderr as they interleave. */
function captured(child: ChildProcess): () => string {
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return () => output;
}

/** What any shell has; nothing of the test's own environment (no settings it made for an in-process server). */
const shellEnv = (home: string) => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: process.env.LANG ?? 'C.UTF-8' });

/**
 * Starts `command` (e.g. `npm run serve`, or node on a test build) with a shell's environment plus `env`, and waits
 * for the end of the start banner. The process leads its own group, so stopping it stops npm's child too.
 */
export async function startPrintedProduct(command: string[], env: Record<string, string>, cwd = process.cwd()): Promise<PrintedProduct> {
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...shellEnv(process.env.HOME ?? tmpdir()), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const output = captured(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = output().match(/on (http:\/\/localhost:\d+)/);
      // The last line of the start banner.
      if (match && output().includes('Demo account:')) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output()}`));
    });
  });
  return {
    child,
    url,
    output,
    adminPassword: () => output().match(/Administrator password \(shown once\): (\S+)/)?.[1],
    agentCommand(terminalCode) {
      const line = output().split('\n').find((text) => new RegExp(`--terminal ${terminalCode}$`).test(text.trim()));
      if (!line) throw new Error(`the start printed no agent command for ${terminalCode}:\n${output()}`);
      return line.trim();
    },
    stop: () => stopGroup(child),
  };
}

export interface RunningCommand {
  child: ChildProcess;
  /** The folder it runs in: a fresh one outside the project, as on a test bench. */
  dir: string;
  output(): string;
  stop(): Promise<void>;
}

/** Runs a printed command line as a person pastes it into a shell, in an empty folder outside the project. */
export function runAsPrinted(commandLine: string): RunningCommand {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const child = spawn('/bin/bash', ['-c', commandLine], { cwd: dir, env: shellEnv(dir), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  return {
    child,
    dir,
    output: captured(child),
    async stop() {
      await stopGroup(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own on the PostgreSQL server of `TEST_DATABASE_URL` (CI's second pass), so a first start seeds
 * an empty one; undefined without it (the product's default, PGlite in the data dir).
 */
export async function freshPostgresDatabase(name: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const database = `${name}_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${database}`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${database}`;
  return {
    url: url.href,
    async drop() {
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await again.end();
    },
  };
}
