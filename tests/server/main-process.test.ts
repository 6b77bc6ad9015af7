import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAgent, bundleServer } from '../../build/serverBundle';
import { call, requestToken } from './client';

/**
 * The server as a child process, from source and as `npm run build` bundles it (`npm run serve`): what it prints,
 * what survives `kill -9`, and that the bundle finds what lies beside the sources (migrations, PGlite's init script,
 * the demo scripts, each resource's server code).
 */
const dataDirs: string[] = [];
const children: ChildProcess[] = [];
// Inside node_modules, so that the bundle's imports of packages resolve as they do from dist-server/.
const BUNDLE_DIR = join('node_modules', '.cache', `server-bundle-test-${process.pid}`);
const STATIC_DIR = join(BUNDLE_DIR, 'static');
/** `npm run serve` as package.json declares it (its Node flags), on this test's build. */
const SERVE_ARGS = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.serve
  .split(' ')
  .slice(1)
  .map((arg) => (arg === 'dist-server/main.mjs' ? join(BUNDLE_DIR, 'main.mjs') : arg));

beforeAll(async () => {
  if (!SERVE_ARGS.includes(join(BUNDLE_DIR, 'main.mjs'))) throw new Error('npm run serve no longer runs dist-server/main.mjs');
  await bundleServer(BUNDLE_DIR);
  // The app's build folder as far as the agent goes: `npm run build` writes the agent beside the app.
  await bundleAgent(join(STATIC_DIR, 'agent', 'agent.mjs'));
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dataDir of [...dataDirs, BUNDLE_DIR]) rmSync(dataDir, { recursive: true, force: true });
});

async function startMain(args: string[], dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: '0', BLADE_DATA_DIR: dataDir, BLADE_CAPTCHA: 'off', BLADE_ADMIN_PASSWORD: '', BLADE_STATIC_DIR: STATIC_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = output.match(/on (http:\/\/localhost:\d+)/);
      // The last line of the start banner: the password (first start only) is printed before it.
      if (match && output.includes('Demo account:')) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  return { child, url, output: () => output };
}

describe.each([
  ['server/main.ts, from source', ['--import', 'tsx', 'server/main.ts']],
  ['the built server, as npm run serve starts it', SERVE_ARGS],
])('%s', (_, args) => {
  it('prints a generated admin password once, and keeps acknowledged writes across kill -9', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'blade-main-test-'));
    dataDirs.push(dataDir);
    const first = await startMain(args, dataDir);
    const password = first.output().match(/Administrator password \(shown once\): (\S+)/)?.[1];
    expect(password).toBeTruthy();
    expect(first.output()).toContain('tenant 000000, account admin');
    // The first start says what it is doing while it seeds, one line per step with its time.
    expect(first.output()).toMatch(/^\[\s*\d+\.\d s\] applying database migrations…$/m);
    expect(first.output()).toMatch(/^\[\s*\d+\.\d s\] seeding demo projects, terminals, test objects, tasks and records…$/m);
    // One ready command per demo bench: fetch the one-file agent, run it with the token in the environment (npm
    // would echo a token given on its command line), and the token is one the agent endpoints accept.
    const agentLines = [
      ...first.output().matchAll(/^ {2}curl -fsSO (\S+)\/agent\/agent\.mjs && BLADE_AGENT_TOKEN=(bta_\S+) node agent\.mjs --server (\S+) --terminal (TM-00[12])$/gm),
    ];
    expect(agentLines.map((line) => line[4])).toEqual(['TM-001', 'TM-002']);
    expect(agentLines[0][1]).toBe(first.url);
    expect(agentLines[0][3]).toBe(first.url);
    expect(first.output()).not.toContain('--token');
    const agentFile = await fetch(`${first.url}/agent/agent.mjs`);
    expect(agentFile.headers.get('content-type')).toContain('javascript');
    expect(await agentFile.text()).toMatch(/^#!\/usr\/bin\/env node\n[\s\S]*\[agent\]/);
    const heartbeat = await fetch(`${first.url}/api/blade-agent/heartbeat`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${agentLines[0][2]}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect((await heartbeat.json()).code).toBe(200);

    const admin = { account: 'admin', password: password! };
    const token = (await requestToken(admin, { base: first.url })).body.access_token;
    const saved = await call('/api/blade-system/param/submit', {
      base: first.url,
      token,
      json: { paramName: 'durable', paramKey: 'durable.key', paramValue: 'v' },
    });
    expect(saved.body.code).toBe(200);
    // A resource's own server code answers: the dictionary list as a tree.
    const yesNo = await call('/api/blade-system/dict/list?code=yes_no', { base: first.url, token });
    expect(yesNo.body.data[0]).toMatchObject({ code: 'yes_no', hasChildren: true });
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startMain(args, dataDir);
    expect(second.output()).not.toContain('Administrator password');
    expect(second.output()).not.toContain('BLADE_AGENT_TOKEN=');
    const again = (await requestToken(admin, { base: second.url })).body.access_token;
    expect(again).toBeTruthy();
    const list = await call('/api/blade-system/param/list?paramKey_equal=durable.key', { base: second.url, token: again });
    expect(list.body.data.total).toBe(1);
    second.child.kill('SIGTERM');
    const exitCode = await new Promise((resolve) => second.child.once('exit', resolve));
    expect(exitCode).toBe(0);
  }, 120_000); // two cold starts of a child process, each creating or reopening PGlite: slow on a busy 2-core machine
});
