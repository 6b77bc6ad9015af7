import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, requestToken } from './client';
import { buildForTest, startPrintedProduct, type PrintedProduct, type TestBuild } from './printed-product';

/**
 * The server as a child process, from source and as `npm run build` bundles it (`npm run serve`): what it prints,
 * what survives `kill -9`, and that the bundle finds what lies beside the sources (migrations, PGlite's init script,
 * the demo scripts, each resource's server code).
 */
const dataDirs: string[] = [];
const started: PrintedProduct[] = [];
let build: TestBuild;

beforeAll(async () => {
  build = await buildForTest('server-bundle-test');
});

afterAll(async () => {
  for (const product of started) product.child.kill('SIGKILL');
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  build?.remove();
});

async function startMain(command: string[], dataDir: string): Promise<PrintedProduct> {
  const product = await startPrintedProduct(command, { PORT: '0', BLADE_DATA_DIR: dataDir, BLADE_CAPTCHA: 'off', BLADE_STATIC_DIR: build.staticDir });
  started.push(product);
  return product;
}

describe.each([
  ['server/main.ts, from source', () => [process.execPath, '--import', 'tsx', 'server/main.ts']],
  ['the built server, as npm run serve starts it', () => build.serve],
])('%s', (_, command) => {
  it('prints a generated admin password once, and keeps acknowledged writes across kill -9', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'blade-main-test-'));
    dataDirs.push(dataDir);
    const first = await startMain(command(), dataDir);
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

    const second = await startMain(command(), dataDir);
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
