import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_API } from '../../resources/message/wire';
import { registry } from '../../resources/schemas';
import { startServer, type RunningServer } from '../../server/app';
import { nextId } from '../../server/blade/ids';
import { formatDateTime } from '../../server/blade/serializer';
import { hashPassword, SEED_IDS } from '../../server/db/seed';
import { call, login } from './client';
import { freshDataDir } from './data-dir';
import { ADMIN_PASSWORD, TESTER } from './fixtures';
import { freshPostgresDatabase } from './printed-product';
import { until } from '../until';

/**
 * The message centre over HTTP on a server of its own (its scheduler runs jobs against a loopback job app that
 * fails): a run that fails tells whoever started it; a job whose failures reach its threshold alerts its 报警用户
 * once per silence window; a flow task opened for a role reaches the role's members, and one sent back tells the
 * applicant it was returned; nobody else (another user, another tenant) reads or marks them; bad input is refused
 * naming the field.
 */
const TASK = '/gateway/blade-task/task';
const TERMINAL = '/gateway/blade-terminal/terminalManagement';
const AGENT = '/api/blade-agent';
const JOB_SERVER = '/api/blade-job/job-server';
const JOB = '/api/blade-job/job-info';
const FLOW = '/api/blade-flow';
const LEAVE = '/api/blade-desk/process/leave';
const OTHER = { tenantId: '100088', account: 'msgother', password: 'Msg-other-1' };
const APPROVER = { account: 'msgappr', password: 'Msg-approver-1' };

let server: RunningServer;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let dataDir: string;
let receiver: Server;
let admin: string;
let tester: string;
let approver: string;
let other: string;
let testerId: string;

const NOW = () => formatDateTime(new Date());
const as = (token: string) => (path: string, options: Parameters<typeof call>[1] = {}) => call(path, { base: server.url, token, ...options });
const ok = <T extends { body: any; text: string }>(answer: T) => {
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  return answer.body.data;
};

const loginOn = async (account: string, password: string, tenantId = '000000') =>
  (await login({ tenantId, account, password }, server.url)).access_token;

interface Message {
  id: string;
  category: string;
  title: string;
  content: string;
  link: string;
  isRead: number;
}

const messagesOf = async (token: string, query = 'size=100'): Promise<Message[]> => ok(await as(token)(`${MESSAGE_API}/list?${query}`)).records;
const unreadOf = async (token: string) => ok(await as(token)(`${MESSAGE_API}/unread-count`));

async function addUser(tenantId: string, account: string, password: string, roleId: string, deptId: string) {
  const id = nextId();
  await server.db.query(
    `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, post_id, create_time, update_time)
     VALUES ($1, $2, $3, $4, $3, $3, $5, $6, '', $7, $7)`,
    [id, tenantId, account, await hashPassword(password), roleId, deptId, NOW()],
  );
  return id;
}

async function addOtherTenant() {
  const roleId = nextId();
  const deptId = nextId();
  await server.db.query(`INSERT INTO blade_tenant (id, tenant_id, tenant_name, create_time, update_time) VALUES ($1, $2, '消息租户', $3, $3)`, [
    nextId(),
    OTHER.tenantId,
    NOW(),
  ]);
  await server.db.query(`INSERT INTO blade_role (id, tenant_id, role_name, role_alias, sort) VALUES ($1, $2, '租户管理员', 'administrator', 1)`, [roleId, OTHER.tenantId]);
  await server.db.query(`INSERT INTO blade_dept (id, tenant_id, dept_name) VALUES ($1, $2, '部门')`, [deptId, OTHER.tenantId]);
  await addUser(OTHER.tenantId, OTHER.account, OTHER.password, roleId, deptId);
}

/** A task of one scripted case on a new terminal of the administrator tenant, and the terminal's agent token. */
async function taskOnTerminal() {
  const terminalId = nextId();
  const code = `MSG-${terminalId.slice(-8)}`;
  await server.db.query(
    `INSERT INTO blade_terminal (id, tenant_id, terminal_code, terminal_name, running_status, create_time, update_time) VALUES ($1, '000000', $2, $2, 1, $3, $3)`,
    [terminalId, code, NOW()],
  );
  const taskId = nextId();
  const taskCode = `MSGTASK-${taskId.slice(-8)}`;
  await server.db.query(
    `INSERT INTO blade_task (id, tenant_id, task_code, task_name, run_status, terminal_id, create_time, update_time) VALUES ($1, '000000', $2, '消息回归任务', 0, $3, $4, $4)`,
    [taskId, taskCode, terminalId, NOW()],
  );
  const scriptId = nextId();
  await server.db.query(
    `INSERT INTO blade_test_script (id, tenant_id, script_code, script_path, version, audit_status, create_time, update_time) VALUES ($1, '000000', $2, $3, '1', 1, $4, $4)`,
    [scriptId, `S-${taskCode}`, `script/${taskCode}.py`, NOW()],
  );
  const caseId = nextId();
  await server.db.query(
    `INSERT INTO blade_test_case (id, tenant_id, case_code, case_title, test_script_id, audit_status, create_time, update_time) VALUES ($1, '000000', $2, '失败的用例', $3, 1, $4, $4)`,
    [caseId, `C-${taskCode}`, scriptId, NOW()],
  );
  await server.db.query(`INSERT INTO blade_task_test_case (id, tenant_id, task_id, test_case_id, sort, create_time, update_time) VALUES ($1, '000000', $2, $3, 1, $4, $4)`, [
    nextId(),
    taskId,
    caseId,
    NOW(),
  ]);
  const issued = ok(await as(admin)(`${TERMINAL}/issueToken?id=${terminalId}`, { method: 'POST' }));
  return { taskId, agentToken: issued.token as string };
}

beforeAll(async () => {
  receiver = createServer((_request, response) => response.writeHead(500).end('worker down'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dataDir = freshDataDir('blade-messages-test-');
  // A database of its own on PostgreSQL too: the counts below are exact only where no other file's runs tell admin.
  database = await freshPostgresDatabase('blade_messages_test');
  server = await startServer(
    { port: 0, dataDir, databaseUrl: database?.url, adminPassword: ADMIN_PASSWORD, captcha: false, outboundAllow: ['127.0.0.1'] },
    { resources: registry },
  );
  await addOtherTenant();
  await addUser('000000', APPROVER.account, APPROVER.password, SEED_IDS.administratorRole, SEED_IDS.dept);
  admin = await loginOn('admin', ADMIN_PASSWORD);
  tester = await loginOn(TESTER.account, TESTER.password);
  approver = await loginOn(APPROVER.account, APPROVER.password);
  other = await loginOn(OTHER.account, OTHER.password, OTHER.tenantId);
  [{ id: testerId }] = await server.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE account = 'tester' AND tenant_id = '000000'`);
}, 60000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('messages', () => {
  it('tell whoever started a run that it failed, and only them', async () => {
    const { taskId, agentToken } = await taskOnTerminal();
    ok(await as(admin)(`${TASK}/execute`, { json: { id: taskId } }));
    const agent = { Authorization: `Bearer ${agentToken}` };
    const next = ok(await call(`${AGENT}/next?wait=0`, { base: server.url, headers: agent }));
    ok(await call(`${AGENT}/result`, { base: server.url, headers: agent, json: { caseId: next.caseId, status: 'failed', exitCode: 1, durationMs: 5 } }));

    const mine = await messagesOf(admin, 'category=run');
    expect(mine).toEqual([
      expect.objectContaining({ category: 'run', title: '测试任务「消息回归任务」执行失败', content: '共 1 个用例，通过 0 个，未通过 1 个', link: `/test/task/${taskId}`, isRead: 0 }),
    ]);
    expect((await unreadOf(admin)).byCategory.run).toBe(1);
    // Another user of the tenant and the other tenant's administrator read none of it, nor can they mark it.
    expect((await messagesOf(tester)).filter((message) => message.category === 'run')).toEqual([]);
    expect(await messagesOf(other)).toEqual([]);
    expect(ok(await as(other)(`${MESSAGE_API}/read`, { json: { ids: [mine[0].id] } }))).toEqual({ marked: 0 });
    expect(ok(await as(tester)(`${MESSAGE_API}/read`, { json: { ids: mine[0].id } }))).toEqual({ marked: 0 });
    expect((await messagesOf(admin, 'category=run'))[0].isRead).toBe(0);

    expect(ok(await as(admin)(`${MESSAGE_API}/read`, { json: { ids: [mine[0].id] } }))).toEqual({ marked: 1 });
    expect(await messagesOf(admin, 'category=run&isRead=1')).toEqual([expect.objectContaining({ id: mine[0].id, isRead: 1 })]);
    expect((await unreadOf(admin)).byCategory.run).toBe(0);
  });

  it("alert a job's 报警用户 when its failures reach the threshold, once per silence window", async () => {
    const app = ok(
      await as(admin)(`${JOB_SERVER}/submit`, {
        json: { jobServerName: `告警应用-${nextId()}`, jobServerUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fail`, jobAppName: 'alerting', jobAppPassword: 'App-secret-1' },
      }),
    );
    expect(app).toBeDefined();
    const appId = ok(await as(admin)(`${JOB_SERVER}/list?jobAppName=alerting`)).records[0].id;
    const jobName = `告警任务-${nextId()}`;
    // 报警用户 are users of the tenant: a stray text or another tenant's user is refused, naming the field.
    const [{ id: otherUserId }] = await server.db.query<{ id: string }>(`SELECT id::text AS id FROM blade_user WHERE account = $1`, [OTHER.account]);
    for (const notifyUserIds of ['abc', `${testerId},${otherUserId}`]) {
      const refused = await as(admin)(`${JOB}/submit`, { json: { jobServerId: appId, jobName, timeExpressionType: 1, processorType: 4, processorInfo: 'x', notifyUserIds } });
      expect(refused.body, refused.text).toMatchObject({ code: 400, msg: '报警用户不存在' });
    }
    ok(
      await as(admin)(`${JOB}/submit`, {
        json: {
          jobServerId: appId,
          jobName,
          timeExpressionType: 1,
          processorType: 4,
          processorInfo: 'alerting',
          notifyUserIds: ` ${testerId}, ${testerId}`,
          alertThreshold: 2,
          statisticWindowLen: 600,
          silenceWindowLen: 600,
        },
      }),
    );
    const job = ok(await as(admin)(`${JOB}/list?jobName=${encodeURIComponent(jobName)}`)).records[0];
    // Stored once each, and answered with the names the form shows before any search.
    expect(ok(await as(admin)(`${JOB}/detail?id=${job.id}`))).toMatchObject({ notifyUserIds: testerId, notifyUserNames: expect.stringMatching(/\S/) });
    const alerts = async () => (await messagesOf(tester, 'category=alert')).filter((message) => message.title === `任务调度告警：${jobName}`);
    const runAndFail = async (count: number) => {
      ok(await as(admin)(`${JOB}/run?id=${job.id}`, { method: 'POST' }));
      await until(`${count} failed instances`, async () => {
        const rows = ok(await as(admin)(`${JOB}/instance-list?jobId=${job.id}&size=100`)).records as { instanceStatus: number }[];
        return rows.filter((row) => row.instanceStatus === 4).length >= count;
      });
    };

    await runAndFail(1);
    expect(await alerts()).toEqual([]);
    await runAndFail(2);
    const [alert] = await until('the alert', async () => ((await alerts()).length > 0 ? await alerts() : undefined));
    expect(alert).toMatchObject({ category: 'alert', link: `/job/jobinfo/${job.id}`, isRead: 0 });
    expect(alert.content).toMatch(/^600秒内失败 2 次，达到告警阈值 2；最近一次：/);
    // Within the silence window more failures send nothing more.
    await runAndFail(3);
    expect(await alerts()).toHaveLength(1);
    // The administrator is not among the alert users.
    expect((await messagesOf(admin)).filter((message) => message.category === 'alert')).toEqual([]);

    // A silence of one second: once it has passed, the next failure alerts again.
    ok(await as(admin)(`${JOB}/submit`, { json: { ...job, silenceWindowLen: 1 } }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await runAndFail(4);
    // The alert follows the failed instance (it is sent after the instance is written), as the first one did.
    await until('the second alert', async () => ((await alerts()).length >= 2 ? true : undefined));
    expect(await alerts()).toHaveLength(2);
  });

  it('reach the members of a flow task’s candidate role, and tell the applicant of a return', async () => {
    const start = ok(await as(tester)(`${FLOW}/work/start-list?size=100`)).records.find((row: { key: string }) => row.key === 'Leave');
    ok(await as(tester)(`${LEAVE}/start-process`, { json: { processDefinitionId: start.processDefinitionId, leaveType: '1', startTime: '2026-12-01', endTime: '2026-12-02', reason: '消息中心' } }));
    const toClaim = (message: Message) => message.category === 'flow' && message.title === '新的待签事务：「请假流程」审批';
    // Both holders of the administrator role hear of the approval; the applicant does not.
    const adminMessage = (await messagesOf(admin)).find(toClaim);
    expect(adminMessage).toMatchObject({ content: '流程「请假流程」的「审批」等待签收', link: '/work/claim' });
    expect((await messagesOf(approver)).filter(toClaim)).toHaveLength(1);
    expect((await messagesOf(tester)).filter(toClaim)).toEqual([]);
    expect(await messagesOf(other)).toEqual([]);

    const task = ok(await as(approver)(`${FLOW}/work/claim-list?size=100`)).records[0];
    ok(await as(approver)(`${FLOW}/work/claim-task?taskId=${task.taskId}`, { method: 'POST' }));
    ok(await as(approver)(`${FLOW}/work/complete-task`, { json: { taskId: task.taskId, pass: false, comment: '理由不充分' } }));
    const [returned] = (await messagesOf(tester)).filter((message) => message.category === 'flow');
    expect(returned).toMatchObject({
      title: '「请假流程」已退回：调整申请',
      content: '流程「请假流程」被退回，请处理「调整申请」；退回意见：理由不充分',
      link: expect.stringMatching(new RegExp(`^/work/process/leave/handle/\\d+/${task.processInstanceId}/\\d+$`)),
    });
  });

  it('mark all of the caller’s read, and only theirs', async () => {
    const testerUnread = (await unreadOf(tester)).total;
    expect(testerUnread).toBeGreaterThan(0);
    expect(ok(await as(approver)(`${MESSAGE_API}/read-all`, { json: {} })).marked).toBeGreaterThan(0);
    expect(await unreadOf(approver)).toEqual({ total: 0, byCategory: { flow: 0, run: 0, alert: 0 } });
    expect((await unreadOf(tester)).total).toBe(testerUnread);
    expect(ok(await as(tester)(`${MESSAGE_API}/read-all`, { json: { category: 'alert' } })).marked).toBe(2);
    expect(await unreadOf(tester)).toMatchObject({ total: testerUnread - 2, byCategory: { alert: 0 } });
    // Unread come first.
    const listed = await messagesOf(tester);
    const readFlags = listed.map((message) => message.isRead);
    expect(readFlags).toEqual(listed.map((message) => message.isRead).sort());
  });

  it('refuse bad input naming the field', async () => {
    expect((await as(tester)(`${MESSAGE_API}/read`, { json: {} })).body).toMatchObject({ code: 400, msg: '请输入消息编号' });
    expect((await as(tester)(`${MESSAGE_API}/read`, { json: { ids: ['x'] } })).body).toMatchObject({ code: 400, msg: '消息编号格式不正确' });
    expect((await as(tester)(`${MESSAGE_API}/read-all`, { json: { category: 'spam' } })).body).toMatchObject({ code: 400, msg: '参数校验失败: category' });
    expect((await as(tester)(`${MESSAGE_API}/list?isRead=2`)).body).toMatchObject({ code: 400, msg: '参数校验失败: isRead 只能是 0 或 1' });
    expect((await as(tester)(`${MESSAGE_API}/list?category=spam`)).body).toMatchObject({ code: 400, msg: '参数校验失败: category' });
    expect((await as(tester)(`${MESSAGE_API}/list?current=x`)).body).toMatchObject({ code: 400 });
    expect((await call(`${MESSAGE_API}/list`, { base: server.url })).body.code).toBe(401);
  });
});
