/**
 * `npm run bench -- memory`: whether the built server gives memory back. On a fresh data dir it records the idle
 * RSS, runs 20 clients for 20 s over list and detail reads of several resources (random pages, ids and filters) and
 * one test-case import, then samples RSS every 5 s for a minute. Prints idle, peak and after-60-s RSS, whether it
 * came back within 10 % of idle, and the health endpoint's heap and cache figures beside them. Measures, never
 * fails on a figure.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { registry } from '../../resources/schemas';
import { startServer } from '../../server/app';
import { nextId } from '../../server/blade/ids';
import { caseSheet } from './case-sheet';
import { insertBenchParams } from './param-rows';
import { adminToken, BASIC, serveBuilt } from './served';

const ADMIN_PASSWORD = 'Bench-memory-pass1';
const PARAM_ROWS = 20_000;
const IMPORT_ROWS = 3_000;
const PREFIX = 'MEMBENCH';
const CLIENTS = 20;
const LOAD_SECONDS = 20;
const SETTLE_SECONDS = 60;
const SAMPLE_SECONDS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The server's resident memory; throws, saying how it ended, when it is gone. */
function rssMb(child: ChildProcess): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    throw new Error(`the server ended: ${child.signalCode ?? `exit code ${child.exitCode}`}`);
  }
}
const mb = (value: number) => `${Math.round(value)} MB`;

/** The product seeded, plus rows enough that random pages and ids miss the read cache. */
async function seed(dataDir: string) {
  const server = await startServer({ port: 0, dataDir, adminPassword: ADMIN_PASSWORD, captcha: false, staticDir: 'dist' }, { resources: registry });
  try {
    await insertBenchParams(server.db, PARAM_ROWS);
    for (const round of [1, 2]) {
      await server.db.query(
        "INSERT INTO blade_test_script (id, tenant_id, script_code, script_path, audit_status, create_time, update_time) VALUES ($1, '000000', $2, 'script/bench.py', 1, now(), now())",
        [nextId(), `${PREFIX}${round}-SC`],
      );
    }
  } finally {
    await server.close();
  }
}

/** The built server; a stop by a signal from elsewhere is printed ("SIGTERM: stopping"), the start's lines are not. */
async function serve(serveArgs: string[], dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const started = await serveBuilt(serveArgs, { dataDir, adminPassword: ADMIN_PASSWORD });
  started.child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (/stopping/.test(line)) console.log(`memory: server: ${line}`);
  });
  return started;
}

interface Health {
  idleCollections?: number;
  memoryMb: Record<string, number>;
  databaseThreadMb?: Record<string, number>;
  heapSpacesMb: Record<string, number>;
  caches: { name: string; entries: number; bytes?: number }[];
}

/** The health endpoint's figures, as one line: the heap beside RSS tells V8's share from PGlite's WASM memory. */
async function healthLine(url: string, headers: Record<string, string>): Promise<string> {
  const answer = (await (await fetch(`${url}/api/blade-system/health`, { headers })).json()) as { data: Health };
  const { heapUsed, heapTotal, external, arrayBuffers } = answer.data.memoryMb;
  const { new_space: young, old_space: old, code_space: code } = answer.data.heapSpacesMb;
  const reads = answer.data.caches.find((cache) => cache.name === 'readCache');
  const thread = answer.data.databaseThreadMb;
  const threadPart = thread ? `; database thread heapUsed ${thread.heapUsed} / heapTotal ${thread.heapTotal} MB, external ${thread.external} MB` : '';
  return `heapUsed ${heapUsed} / heapTotal ${heapTotal} MB (new ${young}, old ${old}, code ${code}), external ${external} MB (array buffers ${arrayBuffers} MB)${threadPart}, read cache ${reads?.entries} entries ${mb((reads?.bytes ?? 0) / 1024 / 1024)}, idle collections ${answer.data.idleCollections ?? 'off'}`;
}

const random = (below: number) => 1 + Math.floor(Math.random() * below);

/** Reads of several resources, each with a random page, id or filter, so most miss the read cache. */
const READS: (() => string)[] = [
  () => `/api/blade-system/param/list?size=10&current=${random(PARAM_ROWS / 10)}`,
  () => `/api/blade-system/param/list?size=20&current=${random(5)}&paramName=${encodeURIComponent(`param ${random(999)}`)}`,
  () => `/api/blade-system/param/detail?id=${1000000000000000000n + BigInt(random(PARAM_ROWS))}`,
  () => `/api/blade-system/param/list?size=50&current=${random(100)}&descs=param_key`,
  () => `/gateway/blade-testcase/testCase/list?size=20&current=${random(20)}`,
  () => `/gateway/blade-project/project/list?size=10&current=1`,
  () => `/api/blade-log/error/list?size=10&current=${random(3)}`,
  () => `/api/blade-system/dict-biz/list?size=20&current=1`,
];

async function createModuleType(url: string, json: Record<string, string>) {
  const type = await fetch(`${url}/gateway/blade-moduletype/moduleType/submit`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ typeName: '批量模块', typeCode: `${PREFIX}-M`, parentId: '0' }),
  });
  if (((await type.json()) as { code: number }).code !== 200) throw new Error('module type not saved');
}

/** Imports a case sheet whose codes start with `prefix` (its script `<prefix>-SC` seeded); the first makes its module type. */
async function importCases(url: string, headers: Record<string, string>, prefix: string, first: boolean) {
  const json = { ...headers, 'Content-Type': 'application/json' };
  if (first) await createModuleType(url, json);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await caseSheet(prefix, IMPORT_ROWS))]), '用例.xlsx');
  const checked = (await (await fetch(`${url}/gateway/blade-testcase/testCase/checkTestCaseImport`, { method: 'POST', headers, body: form })).json()) as {
    code: number;
    msg: string;
    data: { bathNo: string; valid: number };
  };
  if (checked.code !== 200 || checked.data.valid !== IMPORT_ROWS) throw new Error(`check: ${checked.msg}`);
  const uploaded = (await (
    await fetch(`${url}/gateway/blade-testcase/testCase/uploadTestCase`, { method: 'POST', headers: json, body: JSON.stringify({ bathNo: checked.data.bathNo }) })
  ).json()) as { code: number; msg: string; data: { imported: number } };
  if (uploaded.code !== 200 || uploaded.data.imported !== IMPORT_ROWS) throw new Error(`upload: ${uploaded.msg}`);
}

export async function measureMemory(serveArgs: string[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'blade-bench-memory-'));
  let child: ChildProcess | undefined;
  try {
    console.log(`memory: seeding ${PARAM_ROWS} param rows...`);
    await seed(dataDir);
    const started = await serve(serveArgs, dataDir);
    child = started.child;
    const server = started.child;
    const { url } = started;
    const headers = { Authorization: BASIC, 'Blade-Auth': `bearer ${await adminToken(url, ADMIN_PASSWORD)}` };
    // Idle: after the start's own work (compiling, first reads) has settled.
    await sleep(15_000);
    const idle = rssMb(server);
    console.log(`memory: idle ${mb(idle)}; ${await healthLine(url, headers)}`);

    const rounds: Record<string, string>[] = [];
    for (const round of [1, 2]) {
      let peak = rssMb(server);
      const watch = setInterval(() => (peak = Math.max(peak, rssMb(server))), 500);
      console.log(`memory: round ${round}: ${CLIENTS} clients for ${LOAD_SECONDS} s over ${READS.length} kinds of read...`);
      const load = await autocannon({
        url,
        connections: CLIENTS,
        duration: LOAD_SECONDS,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: READS[Math.floor(Math.random() * READS.length)]() }) }],
      });
      console.log(`memory: ${load.requests.total} requests (${load.non2xx} non-2xx, ${load.errors} errors), RSS ${mb(rssMb(server))}`);
      console.log(`memory: importing ${IMPORT_ROWS} test cases...`);
      await importCases(url, headers, `${PREFIX}${round}`, round === 1);
      clearInterval(watch);
      peak = Math.max(peak, rssMb(server));
      console.log(`memory: after load and import ${mb(rssMb(server))}; ${await healthLine(url, headers)}`);

      const samples: string[] = [];
      let cameBackAfter: number | undefined;
      for (let afterSeconds = SAMPLE_SECONDS; afterSeconds <= SETTLE_SECONDS; afterSeconds += SAMPLE_SECONDS) {
        await sleep(SAMPLE_SECONDS * 1000);
        const rss = rssMb(server);
        samples.push(String(Math.round(rss)));
        if (cameBackAfter === undefined && rss <= idle * 1.1) cameBackAfter = afterSeconds;
      }
      const last = rssMb(server);
      console.log(`memory: RSS every ${SAMPLE_SECONDS} s (MB): ${samples.join(' ')}`);
      console.log(`memory: ${SETTLE_SECONDS} s later; ${await healthLine(url, headers)}`);
      rounds.push({
        round: String(round),
        idle: mb(idle),
        peak: mb(peak),
        [`after ${SETTLE_SECONDS} s`]: mb(last),
        'within 10 % of idle': `${last <= idle * 1.1 ? 'yes' : 'no'} (${last >= idle ? '+' : ''}${Math.round((last / idle - 1) * 100)} %)`,
        'first back within 10 %': cameBackAfter === undefined ? '–' : `${cameBackAfter} s`,
      });
    }
    // Round 2 tells retained memory from a first use's one-time costs (modules loaded, code compiled).
    console.table(rounds);
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
