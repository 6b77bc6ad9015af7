import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { nextId } from '../../server/blade/ids';
import { formatDateTime } from '../../server/blade/serializer';
import { outboundPolicy } from '../../server/outbound';
import { JobScheduler } from '../../server/jobs/scheduler';
import { call, login } from './client';
import { ADMIN_PASSWORD, TESTER } from './fixtures';
import { registry } from '../../resources/schemas';
import { freshDataDir } from './data-dir';
import { freshPostgresDatabase } from './printed-product';
import { until } from '../until';

/**
 * 任务调度 over HTTP against its own server (its scheduler ticking, loopback allowed for the job apps' addresses):
 * saving checks timing and processor, 运行 records an instance, the schedule triggers fixed-rate and fixed-delay jobs
 * and stops with 启停, built-in `runTestTask` starts a test task's run, external processors reach only allowed
 * addresses, and one trigger runs once however many schedulers share the database.
 */
const SERVER = '/api/blade-job/job-server';
const JOB = '/api/blade-job/job-info';

let server: RunningServer;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let dataDir: string;
let admin: string;
let tester: string;
let receiver: Server;
let receiverUrl: string;
/** What the fake job app received: its credentials and the job it was sent. */
const received: { authorization: string; body: Record<string, unknown>; at: number }[] = [];

const api = (path: string, options: Parameters<typeof call>[1] = {}) => call(path, { base: server.url, token: admin, ...options });

const loginOn = async (account: string, password: string, tenantId = '000000') =>
  (await login({ tenantId, account, password }, server.url)).access_token;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

let appId: string;

async function saveJob(job: Record<string, unknown>) {
  const name = `job-${nextId()}`;
  const saved = await api(`${JOB}/submit`, { json: { jobServerId: appId, jobName: name, ...job } });
  expect(saved.body, saved.text).toMatchObject({ code: 200 });
  const list = await api(`${JOB}/list?jobName=${encodeURIComponent(name)}`);
  return list.body.data.records[0] as Record<string, string | number>;
}

async function instancesOf(jobId: string | number) {
  const answer = await api(`${JOB}/instance-list?jobId=${jobId}&size=100`);
  expect(answer.body, answer.text).toMatchObject({ code: 200 });
  return answer.body.data.records as Record<string, string | number>[];
}

const finished = async (jobId: string | number, count: number) => {
  const rows = await instancesOf(jobId);
  return rows.filter((row) => row.instanceStatus !== 2).length >= count && rows;
};

beforeAll(async () => {
  receiver = createServer(async (request, response) => {
    const body = await readBody(request);
    received.push({ authorization: String(request.headers.authorization ?? ''), body: body ? JSON.parse(body) : {}, at: Date.now() });
    const delay = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('delay') ?? 0);
    setTimeout(() => {
      if (request.url?.startsWith('/fail')) response.writeHead(500).end('worker down');
      else response.writeHead(200).end('accepted');
    }, delay);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The administrator tenant may run jobs every second here (the tests watch fixed-rate runs); others keep 10 s.
  // Stubbed, not assigned: the server test files share one process, and the next file must not inherit it.
  vi.stubEnv('BLADE_JOB_FAST_TENANTS', '000000');
  dataDir = freshDataDir('blade-jobs-test-');
  // A database of its own on PostgreSQL too: the file runs beside the files of the shared server.
  database = await freshPostgresDatabase('blade_jobs_test');
  server = await startServer({
    port: 0,
    dataDir,
    databaseUrl: database?.url,
    adminPassword: ADMIN_PASSWORD,
    captcha: false,
    outboundAllow: ['127.0.0.1'],
  }, { resources: registry });
  admin = await loginOn('admin', ADMIN_PASSWORD);
  tester = await loginOn(TESTER.account, TESTER.password);
  const app = await api(`${SERVER}/submit`, {
    json: { jobServerName: `应用-${nextId()}`, jobServerUrl: `${receiverUrl}/dispatch`, jobAppName: 'regress', jobAppPassword: 'App-secret-1' },
  });
  expect(app.body, app.text).toMatchObject({ code: 200 });
  const apps = await api(`${SERVER}/list?jobAppName=regress`);
  appId = apps.body.data.records[0].id;
}, 60000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe('job apps', () => {
  it('never answer the password, require one on add, keep it on an edit that leaves it empty', async () => {
    const list = await api(`${SERVER}/list?jobAppName=regress`);
    const detail = await api(`${SERVER}/detail?id=${appId}`);
    for (const answer of [list, detail]) expect(answer.text).not.toContain('App-secret-1');
    // The list leaves it out; the detail holds the mask an edit form sends back to keep it.
    expect(list.text).not.toContain('jobAppPassword');
    expect(detail.body.data.jobAppPassword).toBe('******');
    const missing = await api(`${SERVER}/submit`, { json: { jobServerName: 'x', jobServerUrl: 'http://a.example', jobAppName: 'x' } });
    expect(missing.body).toMatchObject({ code: 400, msg: '请输入应用密码' });
    const notHttp = await api(`${SERVER}/submit`, { json: { jobServerName: 'x', jobServerUrl: 'ftp://a.example', jobAppName: 'x', jobAppPassword: 'p' } });
    expect(notHttp.body.code).toBe(400);
    expect(notHttp.body.msg).toContain('应用地址');
    const renamed = await api(`${SERVER}/submit`, { json: { ...detail.body.data, jobRemark: '改备注', jobAppPassword: '' } });
    expect(renamed.body, renamed.text).toMatchObject({ code: 200 });
    const job = await saveJob({
      timeExpressionType: 1,
      processorType: 4,
      processorInfo: 'keep.password',
      jobParams: 'suite=nightly',
      executeType: 2,
      concurrency: 3,
      designatedWorkers: 'bench-1,bench-2',
      minMemorySpace: 1.5,
      logLevel: 3,
    });
    await api(`${JOB}/run?id=${job.id}`, { method: 'POST' });
    const [instance] = await until('the dispatch', () => finished(job.id, 1));
    const sent = received.find((request) => request.body.jobId === job.id);
    expect(sent?.authorization).toBe(`Basic ${Buffer.from('regress:App-secret-1').toString('base64')}`);
    // The app gets the job, its parameters and the runtime settings it is to apply.
    expect(sent?.body).toMatchObject({
      jobName: job.jobName,
      instanceId: instance.id,
      processorInfo: 'keep.password',
      jobParams: 'suite=nightly',
      settings: { executeType: 2, dispatchStrategy: 1, concurrency: 3, designatedWorkers: 'bench-1,bench-2', minMemorySpace: 1.5, logType: 1, logLevel: 3 },
    });
  });
});

describe('saving a job', () => {
  it.each([
    [{ jobServerId: '' }, '请选择任务应用'],
    [{ timeExpressionType: 2, timeExpression: 'every day' }, '时间表达式不是合法的 CRON 表达式: every day'],
    [{ timeExpressionType: 2, timeExpression: '' }, '请输入时间表达式'],
    [{ timeExpressionType: 3, timeExpression: '200' }, '固定频率与固定延迟不能小于 1000 毫秒'],
    [{ processorInfo: '' }, '请输入处理器参数'],
    [{ processorInfo: 'toString' }, '内置处理器不存在: toString（可用: runTestTask、cleanJobInstances）'],
    [{ processorInfo: 'runTestTask', jobParams: 'NO-SUCH-TASK' }, '任务参数: 测试任务不存在: NO-SUCH-TASK'],
  ])('refuses %j with its message', async (change, message) => {
    const body = { jobServerId: appId, jobName: '校验', timeExpressionType: 1, processorInfo: 'cleanJobInstances', ...change };
    const answer = await api(`${JOB}/submit`, { json: body });
    expect(answer.body, answer.text).toMatchObject({ code: 400, msg: message });
  });

  it('gets its next trigger from its CRON expression, none while paused, and a job number', async () => {
    const job = await saveJob({ timeExpressionType: 2, timeExpression: '0 30 3 * * ?', processorInfo: 'cleanJobInstances' });
    expect(String(job.nextTriggerTime)).toMatch(/^\d{4}-\d\d-\d\d 03:30:00$/);
    expect(Number(job.jobId)).toBeGreaterThan(0);
    const paused = await saveJob({ timeExpressionType: 2, timeExpression: '0 30 3 * * ?', processorInfo: 'cleanJobInstances', enable: 0 });
    expect(paused.nextTriggerTime).toBe('');
  });
});

describe('limits of a tenant not let run jobs every second', () => {
  let tenantAdmin: string;
  let tenantApp: string;
  const tenantApi = (path: string, options: Parameters<typeof call>[1] = {}) => call(path, { base: server.url, token: tenantAdmin, ...options });
  const submit = (job: Record<string, unknown>) =>
    tenantApi(`${JOB}/submit`, { json: { jobServerId: tenantApp, jobName: `limit-${nextId()}`, processorInfo: 'cleanJobInstances', ...job } });

  beforeAll(async () => {
    const tenantName = `任务限制${nextId().slice(-6)}`;
    expect((await api('/api/blade-system/tenant/submit', { json: { tenantName, linkman: 'x' } })).body.code).toBe(200);
    const [tenant] = (await api(`/api/blade-system/tenant/list?tenantName_equal=${encodeURIComponent(tenantName)}`)).body.data.records;
    tenantAdmin = await loginOn('admin', 'admin', tenant.tenantId);
    const app = await tenantApi(`${SERVER}/submit`, {
      json: { jobServerName: `限制应用-${nextId()}`, jobServerUrl: `${receiverUrl}/dispatch`, jobAppName: 'limits', jobAppPassword: 'App-secret-1' },
    });
    expect(app.body, app.text).toMatchObject({ code: 200 });
    tenantApp = (await tenantApi(`${SERVER}/list?jobAppName=limits`)).body.data.records[0].id;
  });

  it('refuses a schedule that runs more often than every 10 s, naming 时间表达式; a paused job may keep it', async () => {
    for (const timing of [
      { timeExpressionType: 2, timeExpression: '* * * * * ?' },
      { timeExpressionType: 2, timeExpression: '*/5 * * * * ?' },
      // Irregular: one gap of 2 s each minute.
      { timeExpressionType: 2, timeExpression: '0,2 * * * * ?' },
      { timeExpressionType: 3, timeExpression: '5000' },
      { timeExpressionType: 4, timeExpression: '9999' },
    ]) {
      const answer = await submit(timing);
      expect(answer.body, JSON.stringify(timing)).toMatchObject({ code: 400, msg: '时间表达式: 两次运行的间隔不能小于10秒' });
    }
    expect((await submit({ timeExpressionType: 2, timeExpression: '*/10 * * * * ?' })).body.code).toBe(200);
    expect((await submit({ timeExpressionType: 3, timeExpression: '10000' })).body.code).toBe(200);
    // Off again: the schedulers of later tests count every due job.
    for (const job of (await tenantApi(`${JOB}/list?enable=1&size=100`)).body.data.records as { id: string }[]) {
      expect((await tenantApi(`${JOB}/change?id=${job.id}&enable=0`, { method: 'POST' })).body.code).toBe(200);
    }
    expect((await submit({ timeExpressionType: 2, timeExpression: '* * * * * ?', enable: 0 })).body.code).toBe(200);
    // The administrator tenant is let run every second.
    expect((await api(`${JOB}/submit`, { json: { jobServerId: appId, jobName: `fast-${nextId()}`, timeExpressionType: 2, timeExpression: '* * * * * ?', processorInfo: 'cleanJobInstances', enable: 0 } })).body.code).toBe(200);
  });

  it('caps the enabled jobs of a tenant: past it a save or 启停 that turns one on is refused, naming 是否开启', async () => {
    process.env.BLADE_JOB_MAX_ENABLED = '3';
    try {
      const enabled = async () => (await tenantApi(`${JOB}/list?enable=1&size=100`)).body.data.records as { id: string }[];
      while ((await enabled()).length < 3) expect((await submit({ timeExpressionType: 1 })).body.code).toBe(200);
      const refused = await submit({ timeExpressionType: 1 });
      expect(refused.body).toMatchObject({ code: 400, msg: '是否开启: 每个租户最多开启3个任务，请先停用其他任务' });
      expect((await submit({ timeExpressionType: 1, enable: 0 })).body.code).toBe(200);
      const paused = (await tenantApi(`${JOB}/list?enable=0&size=100`)).body.data.records as { id: string }[];
      const switchOn = await tenantApi(`${JOB}/change?id=${paused[0].id}&enable=1`, { method: 'POST' });
      expect(switchOn.body).toMatchObject({ code: 400, msg: '是否开启: 每个租户最多开启3个任务，请先停用其他任务' });
      // An enabled job saved again is not one more.
      const [first] = await enabled();
      const detail = (await tenantApi(`${JOB}/detail?id=${first.id}`)).body.data;
      expect((await tenantApi(`${JOB}/submit`, { json: { ...detail, jobDescription: '再次保存' } })).body.code).toBe(200);
      expect((await tenantApi(`${JOB}/change?id=${first.id}&enable=0`, { method: 'POST' })).body.code).toBe(200);
      expect((await tenantApi(`${JOB}/change?id=${paused[0].id}&enable=1`, { method: 'POST' })).body.code).toBe(200);
    } finally {
      delete process.env.BLADE_JOB_MAX_ENABLED;
    }
  });
});

describe('running jobs', () => {
  it('运行 of runTestTask starts the test task on its terminal, and records a refusal when it is already running', async () => {
    const now = formatDateTime(new Date());
    const terminalId = nextId();
    const taskId = nextId();
    const code = `JOBTASK-${taskId.slice(-6)}`;
    await server.db.query(
      `INSERT INTO blade_terminal (id, tenant_id, terminal_code, terminal_name, running_status, create_time, update_time) VALUES ($1, '000000', $2, $2, 1, $3, $3)`,
      [terminalId, `JT-${taskId.slice(-6)}`, now],
    );
    await server.db.query(
      `INSERT INTO blade_task (id, tenant_id, task_code, task_name, run_status, terminal_id, create_time, update_time) VALUES ($1, '000000', $2, $2, 0, $3, $4, $4)`,
      [taskId, code, terminalId, now],
    );
    const scriptId = nextId();
    await server.db.query(
      `INSERT INTO blade_test_script (id, tenant_id, script_code, script_path, version, audit_status, create_time, update_time) VALUES ($1, '000000', $2, 'script/job.py', '1', 1, $3, $3)`,
      [scriptId, `S-${code}`, now],
    );
    const caseId = nextId();
    await server.db.query(
      `INSERT INTO blade_test_case (id, tenant_id, case_code, case_title, test_script_id, audit_status, create_time, update_time) VALUES ($1, '000000', $2, '定时用例', $3, 1, $4, $4)`,
      [caseId, `C-${code}`, scriptId, now],
    );
    await server.db.query(
      `INSERT INTO blade_task_test_case (id, tenant_id, task_id, test_case_id, sort, create_time, update_time) VALUES ($1, '000000', $2, $3, 1, $4, $4)`,
      [nextId(), taskId, caseId, now],
    );
    const job = await saveJob({ timeExpressionType: 1, processorInfo: 'runTestTask', jobParams: code });
    const first = await api(`${JOB}/run?id=${job.id}`, { method: 'POST' });
    expect(first.body, first.text).toMatchObject({ code: 200, data: { instanceId: expect.any(String) } });
    const [done] = await until('the first run', () => finished(job.id, 1));
    expect(done).toMatchObject({ id: first.body.data.instanceId, instanceStatus: 3, triggerType: 2, triggerTypeName: '手动运行', attempts: 1 });
    expect(String(done.result)).toContain(`已启动测试任务: ${code}`);
    const runs = await api(`/gateway/blade-task/task/runs?taskId=${taskId}`);
    expect(runs.body.data.records).toHaveLength(1);
    // The run is recorded under the administrator who saved the job.
    expect(runs.body.data.records[0]).toMatchObject({ terminalId, totalCount: 1, executor: '管理员' });
    // 运行记录 shows how the started test run is going, by its execution record.
    expect(done.runs).toEqual([
      { recordId: runs.body.data.records[0].recordId, taskCode: code, runStatus: 5, runStatusName: '排队中', totalCount: 1, passedCount: 0 },
    ]);
    await server.db.query('UPDATE blade_task_run SET run_status = 3, passed_count = 1 WHERE task_id = $1', [taskId]);
    expect((await instancesOf(job.id))[0].runs).toMatchObject([{ runStatus: 3, runStatusName: '已完成', passedCount: 1 }]);
    await server.db.query('UPDATE blade_task_run SET run_status = 5, passed_count = 0 WHERE task_id = $1', [taskId]);

    expect((await api(`${JOB}/detail?id=${job.id}`)).body.data.lastInstanceStatus).toBe(3);

    await api(`${JOB}/run?id=${job.id}`, { method: 'POST' });
    const rows = await until('the second run', () => finished(job.id, 2));
    expect(rows[0]).toMatchObject({ instanceStatus: 4, instanceStatusName: '失败' });
    expect(String(rows[0].result)).toContain('不能执行');
    // The list shows the newest run's state.
    expect((await api(`${JOB}/detail?id=${job.id}`)).body.data.lastInstanceStatus).toBe(4);
  });

  it('the schedule triggers a fixed-rate job every interval until 启停 pauses it', async () => {
    const job = await saveJob({ timeExpressionType: 3, timeExpression: '1000', processorType: 4, processorInfo: 'rate' });
    const rows = await until('two scheduled runs', () => finished(job.id, 2), 8000);
    expect(rows.every((row) => row.triggerType === 1 && row.instanceStatus === 3 && row.result === 'HTTP 200: accepted')).toBe(true);
    const paused = await api(`${JOB}/change?id=${job.id}&enable=0`, { method: 'POST' });
    expect(paused.body, paused.text).toMatchObject({ code: 200 });
    const detail = await api(`${JOB}/detail?id=${job.id}`);
    expect(detail.body.data).toMatchObject({ enable: 0, nextTriggerTime: '' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = (await instancesOf(job.id)).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await instancesOf(job.id)).length).toBe(before);
    const badEnable = await api(`${JOB}/change?id=${job.id}&enable=2`, { method: 'POST' });
    expect(badEnable.body).toMatchObject({ code: 400, msg: '参数校验失败: enable 只能是 0 或 1' });
  });

  it('a fixed-delay job waits its delay after the end of each run', async () => {
    await api(`${SERVER}/submit`, { json: { id: appId, jobServerUrl: `${receiverUrl}/dispatch?delay=700` } });
    try {
      const job = await saveJob({ timeExpressionType: 4, timeExpression: '1000', processorType: 4, processorInfo: 'delay' });
      const rows = await until('two delayed runs', () => finished(job.id, 2), 10000);
      await api(`${JOB}/change?id=${job.id}&enable=0`, { method: 'POST' });
      const [second, first] = rows;
      const gap = new Date(String(second.triggerTime).replace(' ', 'T')).getTime() - new Date(String(first.finishTime).replace(' ', 'T')).getTime();
      // Datetimes are whole seconds: a delay of 1 s after the end is at least 0 s apart in them, a rate would overlap.
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(Number(first.durationMs)).toBeGreaterThanOrEqual(700);
    } finally {
      await api(`${SERVER}/submit`, { json: { id: appId, jobServerUrl: `${receiverUrl}/dispatch` } });
    }
  });

  it('an external processor reaches only allowed addresses, retries as the job says, and reports the failure', async () => {
    const app = await api(`${SERVER}/submit`, {
      json: { jobServerName: `私网-${nextId()}`, jobServerUrl: 'http://10.255.255.1/dispatch', jobAppName: 'private', jobAppPassword: 'p' },
    });
    expect(app.body.code).toBe(200);
    const privateApp = (await api(`${SERVER}/list?jobAppName=private`)).body.data.records[0].id;
    const refused = await saveJob({ jobServerId: privateApp, timeExpressionType: 1, processorType: 4, processorInfo: 'x', instanceRetryNum: 2 });
    await api(`${JOB}/run?id=${refused.id}`, { method: 'POST' });
    const [row] = await until('the refused run', () => finished(refused.id, 1));
    expect(row).toMatchObject({ instanceStatus: 4, attempts: 3 });
    expect(String(row.result)).toContain('BLADE_OUTBOUND_ALLOW');

    await api(`${SERVER}/submit`, { json: { id: appId, jobServerUrl: `${receiverUrl}/fail` } });
    try {
      const failing = await saveJob({ timeExpressionType: 1, processorType: 4, processorInfo: 'x' });
      await api(`${JOB}/run?id=${failing.id}`, { method: 'POST' });
      const [failed] = await until('the failed run', () => finished(failing.id, 1));
      expect(failed).toMatchObject({ instanceStatus: 4, result: 'HTTP 500: worker down' });
    } finally {
      await api(`${SERVER}/submit`, { json: { id: appId, jobServerUrl: `${receiverUrl}/dispatch` } });
    }
  });

  it('past its maximum of running instances a trigger is recorded as not run', async () => {
    await api(`${SERVER}/submit`, { json: { id: appId, jobServerUrl: `${receiverUrl}/dispatch?delay=1500` } });
    try {
      const job = await saveJob({ timeExpressionType: 1, processorType: 4, processorInfo: 'slow', maxInstanceNum: 1 });
      await api(`${JOB}/run?id=${job.id}`, { method: 'POST' });
      const second = await api(`${JOB}/run?id=${job.id}`, { method: 'POST' });
      const rows = await until('both runs', () => finished(job.id, 2), 8000);
      expect(rows.find((row) => row.id === second.body.data.instanceId)).toMatchObject({ instanceStatus: 4, result: '运行中的实例已达上限（1），本次未运行' });
      expect(rows.filter((row) => row.instanceStatus === 3)).toHaveLength(1);
    } finally {
      await api(`${SERVER}/submit`, { json: { id: appId, jobServerUrl: `${receiverUrl}/dispatch` } });
    }
  });

  it('one due trigger runs once, however many schedulers tick at the same moment', async () => {
    const job = await saveJob({ timeExpressionType: 2, timeExpression: '0 0 4 * * ?', processorInfo: 'cleanJobInstances' });
    const past = formatDateTime(new Date(Date.now() - 5000));
    await server.db.query('UPDATE blade_job_info SET next_trigger_time = $2 WHERE id = $1', [job.id, past]);
    const schedulers = [1, 2, 3].map(() => new JobScheduler({ db: server.db, policy: outboundPolicy([]), caseTimeLimitSeconds: 60 }));
    const started = await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
    await Promise.all(schedulers.map((scheduler) => scheduler.settled()));
    const rows = await until('the one run', () => finished(job.id, 1));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ triggerType: 1, instanceStatus: 3 });
    // The server's own scheduler may have won the trigger: then none of these started it.
    expect(started.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(1);
    const detail = await api(`${JOB}/detail?id=${job.id}`);
    expect(String(detail.body.data.nextTriggerTime)).toMatch(/ 04:00:00$/);
  });
});

describe("a tenant's state", () => {
  it('a recycled or expired tenant runs no job; its due job runs once when the tenant is back', async () => {
    const tenantId = `3${nextId().slice(-5)}`;
    const now = formatDateTime(new Date());
    await server.db.query(
      `INSERT INTO blade_tenant (id, tenant_id, tenant_name, status, create_time, update_time) VALUES ($1, $2, '回收租户', 2, $3, $3)`,
      [nextId(), tenantId, now],
    );
    const jobId = nextId();
    await server.db.query(
      `INSERT INTO blade_job_info (id, tenant_id, job_id, job_server_id, job_name, time_expression_type, time_expression, processor_type,
         processor_info, enable, next_trigger_time, create_time, update_time, status, is_deleted)
       VALUES ($1, $2, 1, $3, '回收租户的任务', 3, '3600000', 1, 'cleanJobInstances', 1, $4, $5, $5, 1, 0)`,
      [jobId, tenantId, appId, formatDateTime(new Date(Date.now() - 5000)), now],
    );
    const instances = async () =>
      (await server.db.query<{ instance_status: number }>('SELECT instance_status FROM blade_job_instance WHERE job_id = $1', [jobId])).length;
    const scheduler = new JobScheduler({ db: server.db, policy: outboundPolicy([]), caseTimeLimitSeconds: 60 });
    await scheduler.tick();
    expect(await instances()).toBe(0);

    await server.db.query('UPDATE blade_tenant SET status = 1, expire_time = $2 WHERE tenant_id = $1', [tenantId, formatDateTime(new Date(Date.now() - 1000))]);
    await scheduler.tick();
    expect(await instances()).toBe(0);

    await server.db.query('UPDATE blade_tenant SET expire_time = NULL WHERE tenant_id = $1', [tenantId]);
    // This scheduler, or the server's own, runs it: once.
    await scheduler.tick();
    await scheduler.settled();
    await until('the run of the tenant back', async () => (await instances()) === 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await instances()).toBe(1);
  });
});

describe('a run whose process stopped', () => {
  it('is failed after its time limit and ten minutes, and its fixed-delay job is scheduled again', async () => {
    const job = await saveJob({ timeExpressionType: 4, timeExpression: '60000', processorType: 4, processorInfo: 'lost', instanceTimeLimit: 5000 });
    const triggeredAt = new Date();
    // What a process killed mid-run leaves: its instance running, and the job waiting for its end.
    const instanceId = nextId();
    await server.db.query(
      `INSERT INTO blade_job_instance (id, tenant_id, job_id, job_name, trigger_type, instance_status, trigger_time, attempts) VALUES ($1, '000000', $2, 'lost', 1, 2, $3, 0)`,
      [instanceId, job.id, formatDateTime(triggeredAt)],
    );
    await server.db.query('UPDATE blade_job_info SET next_trigger_time = NULL WHERE id = $1', [job.id]);
    const scheduler = new JobScheduler({ db: server.db, policy: outboundPolicy([]), caseTimeLimitSeconds: 60 });
    const running = () => instancesOf(job.id).then((rows) => rows.find((row) => row.id === instanceId));

    await scheduler.tick(new Date(triggeredAt.getTime() + 10 * 60_000));
    expect(await running()).toMatchObject({ instanceStatus: 2 });

    const later = new Date(triggeredAt.getTime() + 10 * 60_000 + 6000);
    await new JobScheduler({ db: server.db, policy: outboundPolicy([]), caseTimeLimitSeconds: 60 }).tick(later);
    expect(await running()).toMatchObject({ instanceStatus: 4, result: '运行中断：执行它的服务进程已停止' });
    const detail = await api(`${JOB}/detail?id=${job.id}`);
    expect(detail.body.data.lastInstanceStatus).toBe(4);
    expect(detail.body.data.nextTriggerTime).toBe(formatDateTime(new Date(later.getTime() + 60_000)));
    await api(`${JOB}/change?id=${job.id}&enable=0`, { method: 'POST' });
  });
});

describe('同步 and permissions', () => {
  it("recompute a job's next trigger from now, by the job or by its app", async () => {
    const job = await saveJob({ timeExpressionType: 2, timeExpression: '0 15 5 * * ?', processorInfo: 'cleanJobInstances' });
    await server.db.query('UPDATE blade_job_info SET next_trigger_time = NULL WHERE id = $1', [job.id]);
    const synced = await api(`${JOB}/sync`, { json: { ids: [job.id] } });
    expect(synced.body, synced.text).toMatchObject({ code: 200, data: { synced: 1, scheduled: 1 } });
    expect(String((await api(`${JOB}/detail?id=${job.id}`)).body.data.nextTriggerTime)).toMatch(/ 05:15:00$/);
    await server.db.query('UPDATE blade_job_info SET next_trigger_time = NULL WHERE id = $1', [job.id]);
    const byApp = await api(`${SERVER}/sync?id=${appId}`, { method: 'POST' });
    expect(byApp.body.code).toBe(200);
    expect(byApp.body.data.synced).toBeGreaterThan(1);
    expect(String((await api(`${JOB}/detail?id=${job.id}`)).body.data.nextTriggerTime)).toMatch(/ 05:15:00$/);
    expect((await api(`${JOB}/sync`, { json: {} })).body.code).toBe(400);
  });

  it('a role without the buttons can neither run, switch nor read the runs of a job', async () => {
    const job = await saveJob({ timeExpressionType: 1, processorInfo: 'cleanJobInstances' });
    for (const path of [`${JOB}/run?id=${job.id}`, `${JOB}/change?id=${job.id}&enable=0`]) {
      const answer = await api(path, { method: 'POST', token: tester });
      expect(answer.body.code, path).toBe(403);
    }
    expect((await api(`${JOB}/instance-list?jobId=${job.id}`, { token: tester })).body.code).toBe(403);
    expect((await api(`${JOB}/instance-list?jobId=1`)).body).toMatchObject({ code: 400, msg: '任务不存在' });
  });
});
