import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_STATUS } from '../../resources/task/runStatus';
import { call, requestToken } from './client';
import { approveByReview } from './reviews';
import {
  buildForTest,
  freshPostgresDatabase,
  runAsPrinted,
  startPrintedProduct,
  type PrintedProduct,
  type RunningCommand,
  type TestBuild,
} from './printed-product';
import { until } from '../until';

/**
 * The README's journey over HTTP, on the defaults a fresh install gets: the built server started as `npm run serve`
 * starts it on an empty data dir (its embedded database and object store; on CI's PostgreSQL pass, an empty database
 * of its own), the agent commands the first start printed run as printed from a folder outside the project (they
 * fetch the one-file agent from the server), the demo task run to 2 of 3, then a script uploaded as the browser
 * uploads it, made a case and a task on TM-002, and run there. The browser test of the same journey is
 * tests/e2e/readme-journey.e2e.test.ts.
 */

const TASK = '/gateway/blade-task/task';
const TERMINAL = '/gateway/blade-terminal/terminalManagement';
const SCRIPT_SOURCE = 'import platform\nprint("journey script ran on", platform.system())\n';

let build: TestBuild;
let product: PrintedProduct;
let dataDir: string;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let token: string;
const agents: RunningCommand[] = [];

beforeAll(async () => {
  build = await buildForTest('readme-journey');
  database = await freshPostgresDatabase('readme_journey');
  dataDir = mkdtempSync(join(tmpdir(), 'readme-journey-'));
  // Port, data dir and where the build put the app: nothing else. The captcha is off because this client cannot read
  // an image; the browser twin logs in through it.
  product = await startPrintedProduct(build.serve, {
    PORT: '0',
    BLADE_DATA_DIR: dataDir,
    BLADE_STATIC_DIR: build.staticDir,
    BLADE_CAPTCHA: 'off',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const password = product.adminPassword();
  expect(password, product.output()).toBeTruthy();
  token = (await requestToken({ account: 'admin', password: password! }, { base: product.url })).body.access_token;
  expect(token).toBeTruthy();
}, 180_000);

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.stop()));
  await product?.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  build?.remove();
});

const api = (path: string, json?: unknown) => call(path, { base: product.url, token, json });

/** Starts the printed agent of a terminal and waits for its token's first use (the seed gave the terminal a heartbeat). */
async function startPrintedAgent(terminalCode: string, terminalId: string): Promise<RunningCommand> {
  const agent = runAsPrinted(product.agentCommand(terminalCode));
  agents.push(agent);
  await until(
    `heartbeat of ${terminalCode}`,
    async () => (await api(`${TERMINAL}/agent?id=${terminalId}`)).body.data?.tokenLastUsed,
    30_000,
    agent.output,
  );
  return agent;
}

async function runToTheEnd(taskId: string, agent: RunningCommand) {
  expect((await api(`${TASK}/execute`, { id: taskId })).body.code).toBe(200);
  const runId = await until('a run', async () => (await api(`${TASK}/runs?taskId=${taskId}`)).body.data.records[0]?.id as string, 10_000, agent.output);
  return until(
    'the end of the run',
    async () => {
      const detail = (await api(`${TASK}/run-detail?id=${runId}`)).body.data;
      return detail?.endTime ? detail : undefined;
    },
    60_000,
    agent.output,
  );
}

async function idOf(path: string, query: string, read = 'list'): Promise<string> {
  const answer = await api(`${path}/${read}?${query}`);
  expect(answer.body.data?.records?.length, answer.text).toBe(1);
  return answer.body.data.records[0].id;
}

describe('the README journey on a fresh install', () => {
  it('runs DEMO-RUN-001 on TM-001 with the printed command: two cases pass, one fails, with logs, a report and an execution record', async () => {
    // The demo task is seeded beside the first start (its scripts go to object storage), so it may come just after
    // the login does, as it may for a person who is quick to open 任务管理.
    const task = await until(
      'the demo task',
      async () => (await api(`${TASK}/list?taskCode=DEMO-RUN-001`)).body.data.records[0],
      20_000,
      () => product.output(),
    );
    const agent = await startPrintedAgent('TM-001', task.terminalId);
    // The bench fetched the agent from the server: no checkout, no packages.
    expect(agent.output()).toContain('[agent] terminal TM-001');
    const run = await runToTheEnd(task.id, agent);
    expect(run.cases.map((item: { caseStatus: string }) => item.caseStatus), agent.output()).toEqual(['passed', 'failed', 'passed']);
    expect(run.cases[0].log).toContain('login smoke check passed');
    expect(run.cases[1].log).toContain('checksum mismatch');
    expect(run.cases[2].log).toContain('soak test finished');
    expect(run).toMatchObject({ passedCount: 2, totalCount: 3, runStatus: RUN_STATUS.failed });
    expect(run.report.taskSummary).toBe('2 passed / 1 failed of 3');
    const records = (await api(`/gateway/blade-taskrecord/taskRecord/list?taskCode=DEMO-RUN-001`)).body.data;
    expect(records.total).toBe(1);
  }, 120_000);

  it('runs a script uploaded as the browser uploads it, as a case of a new task on TM-002, with the printed command', async () => {
    const bytes = new TextEncoder().encode(SCRIPT_SOURCE);
    const credential = (await api(`/api/blade-resource/oss/oss-credential?fileName=journey_hello.py&size=${bytes.length}`)).body.data;
    // The embedded store answers a URL relative to the server, as the browser resolves it against the page.
    const put = await fetch(new URL(credential.uploadUrl, product.url), { method: 'PUT', headers: credential.headers, body: bytes });
    expect(put.status).toBe(200);
    const stamp = Date.now().toString(36);
    // Filed under the demo's module, as a person picks one in the form.
    const { moduleTypePath } = (await api(`${TASK}/list?taskCode=DEMO-RUN-001`)).body.data.records[0];
    const script = await api('/gateway/blade-testscript/testScript/submit', {
      scriptCode: `JOURNEY-S-${stamp}`, scriptPath: credential.key, moduleTypePath, ownershipType: 0,
    });
    expect(script.body.code, script.text).toBe(200);
    const scriptId = await idOf('/gateway/blade-testscript/testScript', `scriptCode_equal=JOURNEY-S-${stamp}`);
    // Sent for review and approved, so that a case may link it.
    await approveByReview('/gateway/blade-testscript/testScript', scriptId, { author: token, reviewer: token, base: product.url });
    const saved = await api('/gateway/blade-testcase/testCase/submit', {
      caseCode: `JOURNEY-C-${stamp}`, caseTitle: '上传的脚本', purpose: '运行上传的脚本', testScriptId: scriptId, moduleTypePath, ownership: 0,
    });
    expect(saved.body.code, saved.text).toBe(200);
    const caseId = await idOf('/gateway/blade-testcase/testCase', `caseCode_equal=JOURNEY-C-${stamp}`);
    await approveByReview('/gateway/blade-testcase/testCase', caseId, { author: token, reviewer: token, base: product.url });
    const terminalId = await idOf(TERMINAL, 'terminalCode_equal=TM-002', 'page');
    const task = await api(`${TASK}/mainTaskSubmit`, {
      taskCode: `JOURNEY-T-${stamp}`, taskName: '上传脚本任务', terminalId, moduleTypePath, taskTestCaseList: [{ testCaseId: caseId }],
    });
    expect(task.body.code, task.text).toBe(200);
    const taskId = await idOf(TASK, `taskCode_equal=JOURNEY-T-${stamp}`);

    const agent = await startPrintedAgent('TM-002', terminalId);
    const run = await runToTheEnd(taskId, agent);
    expect(run.cases[0], agent.output()).toMatchObject({ caseStatus: 'passed' });
    expect(run.cases[0].log).toContain('journey script ran on Linux');
    expect(run.runStatus).toBe(RUN_STATUS.completed);
  }, 120_000);
});
