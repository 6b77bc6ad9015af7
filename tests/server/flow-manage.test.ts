import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { call, login, loginAdmin, SABER_BASIC, serverUrl } from './client';
import { ADMIN_PASSWORD, OTHER_TENANT, TESTER } from './fixtures';
import { registry } from '../../resources/schemas';
import { SEED_IDS } from '../../server/db/seed';
import { TESTER_IDS } from '../../server/db/seed-accounts';
import { uniqueText } from './resource-bodies';

/**
 * The managing side of workflows on the shared test server: uploading a process file (multipart: category, tenant
 * ids, files), deployments listed, suspended and deleted, running instances followed and deleted, screens guarded by
 * their menus, and every read within the caller's tenant. With TEST_DATABASE_URL, a second server on the same
 * PostgreSQL and the first complete one task once. 我的事务 belongs to every user: the seeded user role holds its menus
 * and buttons, its menu entries count the caller's open tasks, and every flow write leaves an operation-log row.
 */
const FLOW = '/api/blade-flow';
const LEAVE = '/api/blade-desk/process/leave';

let admin: string;
let tester: string;
let other: string;

const ok = <T extends { body: any; text: string }>(answer: T) => {
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  return answer.body.data;
};

const REVIEW_XML = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://test">
  <bpmn:process id="${key}" name="上传的审核" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:userTask id="review" name="审核" camunda:candidateGroups="administrator" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

async function upload(token: string, files: { name: string; text: string }[], fields: Record<string, string> = {}, base = serverUrl()) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('files', new File([file.text], file.name, { type: 'text/xml' }));
  const response = await fetch(`${base}${FLOW}/manager/deploy-upload`, { method: 'POST', headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as any, text: '' };
}

async function deployedDefinition(token: string, key: string) {
  const list = ok(await call(`${FLOW}/manager/list?key=${key}`, { token }));
  return list.records[0] as { processDefinitionId: string; deploymentId: string; version: number; category: string };
}

async function startReview(token: string, processDefinitionId: string, base = serverUrl()) {
  return ok(await call(`${FLOW}/work/start-process`, { base, token, json: { processDefinitionId, variables: { topic: '上传' } } })).processInstanceId as string;
}

const claimable = async (token: string, processInstanceId: string, base = serverUrl()) =>
  ok(await call(`${FLOW}/work/claim-list?size=100`, { base, token })).records.find((row: { processInstanceId: string }) => row.processInstanceId === processInstanceId);

beforeAll(async () => {
  admin = await loginAdmin();
  tester = (await login(TESTER)).access_token;
  other = (await login(OTHER_TENANT)).access_token;
});

describe('deployments', () => {
  it('deploys an uploaded file as the next version, and refuses other files', async () => {
    const key = `Uploaded${Date.now()}`;
    ok(await upload(admin, [{ name: 'review.bpmn20.xml', text: REVIEW_XML(key) }], { category: 'flow_2', tenantIds: '000000' }));
    ok(await upload(admin, [{ name: 'review.bpmn', text: REVIEW_XML(key) }], { category: 'flow_2' }));
    const list = ok(await call(`${FLOW}/manager/list?key=${key}`, { token: admin }));
    expect(list.records.map((row: { version: number }) => row.version)).toEqual([2, 1]);
    expect(list.records[0]).toMatchObject({ key, name: '上传的审核', category: 'flow_2', categoryName: '报销流程', suspensionState: 1, resourceName: 'review.bpmn' });

    expect((await upload(admin, [{ name: 'review.txt', text: REVIEW_XML(key) }])).body).toMatchObject({ code: 400, msg: '请上传 .bpmn20.xml 或 .bpmn 格式的流程文件' });
    expect((await upload(admin, [])).body).toMatchObject({ code: 400, msg: '请选择流程文件' });
    const broken = REVIEW_XML(key).replace('camunda:candidateGroups="administrator"', '');
    expect((await upload(admin, [{ name: 'broken.bpmn', text: broken }])).body).toMatchObject({ code: 400, msg: 'broken.bpmn: 用户任务 review(审核) 未设置处理人或候选人' });
    // Only the administrator tenant deploys into other tenants.
    expect((await upload(other, [{ name: 'review.bpmn', text: REVIEW_XML(key) }], { tenantIds: '000000' })).status).toBe(403);
    expect((await upload(admin, [{ name: 'review.bpmn', text: REVIEW_XML(key) }], { tenantIds: '999999' })).body).toMatchObject({ code: 400, msg: '租户 999999 不存在' });
  });

  it('follows running instances, deletes one with its tasks, and deletes a deployment', async () => {
    const key = `Followed${Date.now()}`;
    ok(await upload(admin, [{ name: 'followed.bpmn', text: REVIEW_XML(key) }], { category: 'flow_2' }));
    const definition = await deployedDefinition(admin, key);
    const kept = await startReview(admin, definition.processDefinitionId);
    const deleted = await startReview(admin, definition.processDefinitionId);

    const followed = ok(await call(`${FLOW}/follow/list?processDefinitionKey=${key}&size=100`, { token: admin }));
    expect(followed.records.map((row: { processInstanceId: string }) => row.processInstanceId).sort()).toEqual([kept, deleted].sort());
    expect(followed.records[0]).toMatchObject({ processDefinitionKey: key, taskName: '审核', status: 'unfinished', startUser: expect.any(String), taskCreateTime: expect.stringMatching(/^\d{4}-/) });

    const removal = await call(`${FLOW}/follow/delete-process-instance?processInstanceId=${deleted}&deleteReason=${encodeURIComponent('重复发起')}`, { token: admin, method: 'POST' });
    expect(removal.body).toMatchObject({ code: 200, msg: '删除成功' });
    const after = ok(await call(`${FLOW}/follow/list?processDefinitionKey=${key}&size=100`, { token: admin }));
    expect(after.records.map((row: { processInstanceId: string }) => row.processInstanceId)).toEqual([kept]);
    expect(await claimable(admin, deleted)).toBeUndefined();
    expect(await claimable(admin, kept)).toMatchObject({ taskName: '审核' });

    ok(await call(`${FLOW}/manager/delete-deployment?deploymentIds=${definition.deploymentId}`, { token: admin, method: 'POST' }));
    expect(ok(await call(`${FLOW}/manager/list?key=${key}`, { token: admin })).records).toEqual([]);
    expect(await claimable(admin, kept)).toBeUndefined();
    // The diagram of an instance of a deleted deployment still opens.
    expect(ok(await call(`${FLOW}/process/model-view?processInstanceId=${kept}`, { token: admin })).xml).toContain(key);
  });

  it('refuses a start the process cannot run, and leaves nothing behind', async () => {
    const key = `NoWay${Date.now()}`;
    const xml = REVIEW_XML(key)
      .replace('<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />', '<bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="gate" /><bpmn:exclusiveGateway id="gate" /><bpmn:sequenceFlow id="f1" sourceRef="gate" targetRef="review"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${amount &gt; 100}</bpmn:conditionExpression></bpmn:sequenceFlow>')
      .replace('xmlns:camunda=', 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda=');
    ok(await upload(admin, [{ name: 'noway.bpmn', text: xml }]));
    const definition = await deployedDefinition(admin, key);
    const refused = await call(`${FLOW}/work/start-process`, { token: admin, json: { processDefinitionId: definition.processDefinitionId, variables: { amount: 5 } } });
    expect(refused.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^流程执行出错: /) });
    expect(ok(await call(`${FLOW}/follow/list?processDefinitionKey=${key}`, { token: admin })).records).toEqual([]);
    ok(await call(`${FLOW}/work/start-process`, { token: admin, json: { processDefinitionId: definition.processDefinitionId, variables: { amount: 500 } } }));
    expect(ok(await call(`${FLOW}/follow/list?processDefinitionKey=${key}`, { token: admin })).records).toHaveLength(1);
  });

  it('keeps models: submit, detail, remove', async () => {
    const saved = ok(await call(`${FLOW}/model/submit`, { token: admin, json: { modelKey: 'drawn', name: '画的模型', description: '说明' } }));
    expect(ok(await call(`${FLOW}/model/detail?id=${saved.id}`, { token: admin }))).toMatchObject({ id: saved.id, modelKey: 'drawn', name: '画的模型', description: '说明', xml: '' });
    expect((await call(`${FLOW}/model/deploy?modelId=${saved.id}`, { token: admin, method: 'POST' })).body).toMatchObject({ code: 400, msg: '模型尚未设计流程图，无法部署' });
    // A drawn diagram is checked by the engine's reader; each edit is a new version, and one without a diagram keeps it.
    const key = `Drawn${Date.now()}`;
    expect((await call(`${FLOW}/model/submit`, { token: admin, json: { id: saved.id, modelKey: 'drawn', name: '画的模型', xml: '<bpmn:definitions/>' } })).body.code).toBe(400);
    expect(ok(await call(`${FLOW}/model/submit`, { token: admin, json: { id: saved.id, modelKey: key, name: '画的模型', xml: REVIEW_XML(key) } }))).toMatchObject({ id: saved.id, version: 2 });
    expect(ok(await call(`${FLOW}/model/submit`, { token: admin, json: { id: saved.id, modelKey: key, name: '改名的模型' } }))).toMatchObject({ name: '改名的模型', version: 3 });
    expect(ok(await call(`${FLOW}/model/detail?id=${saved.id}`, { token: admin })).xml).toBe(REVIEW_XML(key));
    expect(ok(await call(`${FLOW}/model/list?modelKey=${key}`, { token: admin })).records.map((row: { id: string }) => row.id)).toEqual([saved.id]);
    ok(await call(`${FLOW}/model/deploy?modelId=${saved.id}&category=flow_1`, { token: admin, method: 'POST' }));
    expect(await deployedDefinition(admin, key)).toMatchObject({ version: 1, category: 'flow_1' });
    ok(await call(`${FLOW}/model/remove?ids=${saved.id}`, { token: admin, method: 'POST' }));
    expect((await call(`${FLOW}/model/detail?id=${saved.id}`, { token: admin })).body).toMatchObject({ code: 400, msg: '数据不存在' });
  });
});

describe('who may see and do what', () => {
  it('guards the managing screens by their menus and buttons', async () => {
    expect((await call(`${FLOW}/manager/list`, { token: tester })).status).toBe(403);
    expect((await call(`${FLOW}/model/list`, { token: tester })).status).toBe(403);
    expect((await call(`${FLOW}/follow/list`, { token: tester })).status).toBe(403);
    expect((await call(`${FLOW}/model/submit`, { token: tester, json: { modelKey: 'x', name: 'x' } })).status).toBe(403);
    // Every signed-in user has their own work lists.
    ok(await call(`${FLOW}/work/todo-list`, { token: tester }));
  });

  it('offers a task to its candidate users, and lets one of two claiming at once have it', async () => {
    const key = `Candidates${Date.now()}`;
    const xml = REVIEW_XML(key).replace('camunda:candidateGroups="administrator"', `camunda:candidateUsers="${TESTER_IDS.user},${SEED_IDS.admin}"`);
    ok(await upload(admin, [{ name: 'candidates.bpmn', text: xml }]));
    const definition = await deployedDefinition(admin, key);
    const instance = await startReview(admin, definition.processDefinitionId);
    const offered = await claimable(tester, instance);
    expect(offered).toMatchObject({ taskName: '审核', status: 'claim' });
    expect(await claimable(admin, instance)).toMatchObject({ taskId: offered.taskId });
    const claims = await Promise.all([tester, admin].map((token) => call(`${FLOW}/work/claim-task?taskId=${offered.taskId}`, { token, method: 'POST' })));
    expect(claims.map((answer) => answer.body.code).sort()).toEqual([200, 400]);
    expect(claims.find((answer) => answer.body.code === 400)?.body.msg).toBe('该任务已被他人签收');
    const winner = claims[0].body.code === 200 ? tester : admin;
    const loser = winner === tester ? admin : tester;
    expect((await call(`${FLOW}/work/complete-task`, { token: loser, json: { taskId: offered.taskId, pass: true } })).body).toMatchObject({ code: 400, msg: '您不是该任务的办理人或候选人' });
    ok(await call(`${FLOW}/work/complete-task`, { token: winner, json: { taskId: offered.taskId, pass: true, comment: '已审' } }));
    const done = ok(await call(`${FLOW}/work/done-list?size=100`, { token: winner })).records.find((row: { processInstanceId: string }) => row.processInstanceId === instance);
    expect(done).toMatchObject({ taskName: '审核', comment: '已审' });
  });

  it('shows the holder of a task what its process was started with, and no one outside the tenant', async () => {
    const key = `Started${Date.now()}`;
    ok(await upload(admin, [{ name: 'started.bpmn', text: REVIEW_XML(key) }]));
    const definition = await deployedDefinition(admin, key);
    const variables = { title: '采购测试机', reason: '回归测试需要两台终端\n预算已批', amount: 3 };
    const { processInstanceId } = ok(await call(`${FLOW}/work/start-process`, { token: tester, json: { processDefinitionId: definition.processDefinitionId, variables } }));
    // Only the start form's title and reason, not the process's other variables.
    const started = ok(await call(`${FLOW}/process/instance-detail?processInstanceId=${processInstanceId}`, { token: admin }));
    expect(started).toMatchObject({ processInstanceId, title: variables.title, reason: variables.reason, startUserName: expect.stringMatching(/\S/), status: 'unfinished' });
    expect(started).not.toHaveProperty('amount');
    expect(started.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await call(`${FLOW}/process/instance-detail?processInstanceId=${processInstanceId}`, { token: other })).body).toMatchObject({ code: 400, msg: '流程实例不存在' });
    expect((await call(`${FLOW}/process/instance-detail?processInstanceId=x1`, { token: admin })).body).toMatchObject({ code: 400, msg: '请输入流程实例编号' });
  });

  it('keeps each tenant to its own processes, instances and tasks', async () => {
    const leave = ok(await call(`${FLOW}/work/start-list?size=100`, { token: tester })).records.find((row: { key: string }) => row.key === 'Leave');
    ok(await call(`${LEAVE}/start-process`, { token: tester, json: { processDefinitionId: leave.processDefinitionId, startTime: '2026-12-07', endTime: '2026-12-07', reason: '租户隔离' } }));
    const sent = ok(await call(`${FLOW}/work/send-list?size=1`, { token: tester })).records[0];
    const task = await claimable(admin, sent.processInstanceId);
    expect(task).toMatchObject({ taskName: '审批' });

    // The other tenant has its own leave process, and sees nothing of this one.
    const theirs = ok(await call(`${FLOW}/work/start-list?size=100`, { token: other })).records.find((row: { key: string }) => row.key === 'Leave');
    expect(theirs.processDefinitionId).not.toBe(leave.processDefinitionId);
    expect(theirs.tenantId).toBe(OTHER_TENANT.tenantId);
    expect(await claimable(other, sent.processInstanceId)).toBeUndefined();
    expect((await call(`${FLOW}/work/claim-task?taskId=${task.taskId}`, { token: other, method: 'POST' })).body).toMatchObject({ code: 400, msg: '任务不存在或已办结' });
    expect((await call(`${FLOW}/process/model-view?processInstanceId=${sent.processInstanceId}`, { token: other })).body).toMatchObject({ code: 400, msg: '流程实例不存在' });
    expect((await call(`${FLOW}/process/model-view?processInstanceId=abc`, { token: other })).body).toMatchObject({ code: 400, msg: '流程实例编号格式不正确' });
    expect((await call(`${LEAVE}/detail?businessId=${sent.businessId}`, { token: other })).body).toMatchObject({ code: 400, msg: '请假单不存在' });
    expect((await call(`${LEAVE}/start-process`, { token: other, json: { processDefinitionId: leave.processDefinitionId, startTime: '2026-12-07', endTime: '2026-12-07', reason: '借用' } })).body).toMatchObject({
      code: 400,
      msg: '流程定义不存在',
    });
  });
});

/** A new user of the seeded user role (nobody else's tasks reach it): its token and id. */
async function newPlainUser() {
  const account = uniqueText('flow');
  ok(
    await call('/api/blade-system/user/submit', {
      token: admin,
      json: { account, password: 'Pass-word1', password2: 'Pass-word1', name: account.slice(0, 20), realName: '流程用户', userType: 1, deptId: SEED_IDS.dept, roleId: SEED_IDS.userRole },
    }),
  );
  const [user] = ok(await call(`/api/blade-system/user/page?account_equal=${account}`, { token: admin })).records;
  return { id: user.id as string, token: (await login({ account, password: 'Pass-word1' })).access_token as string };
}

const codesOf = (nodes: { code: string; children?: unknown[] }[]): string[] =>
  nodes.flatMap((node) => [node.code, ...codesOf((node.children ?? []) as { code: string; children?: unknown[] }[])]);

describe('我的事务 for every user', () => {
  it('is granted to the seeded user role with its buttons, so a plain user applies for leave without a grant', async () => {
    const user = await newPlainUser();
    const menus = codesOf(ok(await call('/api/blade-system/menu/routes', { token: user.token })));
    expect(menus).toEqual(expect.arrayContaining(['work', 'work_leave', 'work_start', 'work_claim', 'work_todo', 'work_send', 'work_done']));
    const buttons = codesOf(ok(await call('/api/blade-system/menu/buttons', { token: user.token })));
    expect(buttons).toEqual(expect.arrayContaining(['work_leave_add', 'work_start_start', 'work_claim_claim', 'work_todo_handle']));
    // Not the managing screens.
    expect(menus).not.toContain('flow_manager');

    const leave = ok(await call(`${FLOW}/work/start-list?size=100`, { token: user.token })).records.find((row: { key: string }) => row.key === 'Leave');
    ok(await call(`${LEAVE}/start-process`, { token: user.token, json: { processDefinitionId: leave.processDefinitionId, startTime: '2026-12-14', endTime: '2026-12-15', reason: '普通用户请假' } }));
    expect(ok(await call(`${FLOW}/work/send-list`, { token: user.token })).records[0]).toMatchObject({ processDefinitionKey: 'Leave', taskName: '审批' });
  });

  it('counts the tasks to claim and to handle, as their lists total them, following each claim and completion', async () => {
    const user = await newPlainUser();
    const counts = async () => ok(await call(`${FLOW}/work/counts`, { token: user.token })) as { claim: number; todo: number };
    const totals = async () => ({
      claim: Number(ok(await call(`${FLOW}/work/claim-list`, { token: user.token })).total),
      todo: Number(ok(await call(`${FLOW}/work/todo-list`, { token: user.token })).total),
    });
    expect(await counts()).toEqual({ claim: 0, todo: 0 });

    const key = `Counted${Date.now()}`;
    ok(await upload(admin, [{ name: 'counted.bpmn', text: REVIEW_XML(key).replace('camunda:candidateGroups="administrator"', `camunda:candidateUsers="${user.id}"`) }]));
    const definition = await deployedDefinition(admin, key);
    const instances = [await startReview(admin, definition.processDefinitionId), await startReview(admin, definition.processDefinitionId)];
    expect(await counts()).toEqual({ claim: 2, todo: 0 });
    expect(await totals()).toEqual({ claim: 2, todo: 0 });

    const task = await claimable(user.token, instances[0]);
    ok(await call(`${FLOW}/work/claim-task?taskId=${task.taskId}`, { token: user.token, method: 'POST' }));
    expect(await counts()).toEqual({ claim: 1, todo: 1 });
    ok(await call(`${FLOW}/work/complete-task`, { token: user.token, json: { taskId: task.taskId, pass: true } }));
    expect(await counts()).toEqual({ claim: 1, todo: 0 });
    expect(await totals()).toEqual({ claim: 1, todo: 0 });
    // An anonymous call is refused.
    expect((await call(`${FLOW}/work/counts`, {})).body.code).toBe(401);
  });

  it('leaves an operation-log row for each flow write, none for a refused one', async () => {
    const user = await newPlainUser();
    const key = `Logged${Date.now()}`;
    const logsOf = async (uri: string) =>
      ok(await call(`/gateway/blade-operationlog/operationLog/list?size=50&requestUri=${encodeURIComponent(uri)}`, { token: admin })).records as Record<string, string>[];
    const titlesOf = async (uri: string, mark: string) => (await logsOf(uri)).filter((log) => `${log.params}${log.requestUri}`.includes(mark)).map((log) => log.title);

    ok(await upload(admin, [{ name: `${key}.bpmn`, text: REVIEW_XML(key).replace('camunda:candidateGroups="administrator"', `camunda:candidateUsers="${user.id}"`) }], { category: 'flow_2' }));
    expect(await titlesOf(`${FLOW}/manager/deploy-upload`, `${key}.bpmn`)).toEqual(['部署管理-部署']);
    const definition = await deployedDefinition(admin, key);
    ok(await call(`${FLOW}/manager/change-state?processId=${encodeURIComponent(definition.processDefinitionId)}&state=suspend`, { token: admin, method: 'POST' }));
    ok(await call(`${FLOW}/manager/change-state?processId=${encodeURIComponent(definition.processDefinitionId)}&state=active`, { token: admin, method: 'POST' }));
    expect(await titlesOf(`${FLOW}/manager/change-state`, definition.processDefinitionId)).toEqual(['流程管理-变更状态', '流程管理-变更状态']);

    const instance = await startReview(user.token, definition.processDefinitionId);
    expect(await titlesOf(`${FLOW}/work/start-process`, definition.processDefinitionId)).toEqual(['发起事务-发起']);
    const task = await claimable(user.token, instance);
    ok(await call(`${FLOW}/work/claim-task?taskId=${task.taskId}`, { token: user.token, method: 'POST' }));
    ok(await call(`${FLOW}/work/complete-task`, { token: user.token, json: { taskId: task.taskId, pass: true, comment: key } }));
    // The second completion is refused and leaves nothing.
    expect((await call(`${FLOW}/work/complete-task`, { token: user.token, json: { taskId: task.taskId, pass: true, comment: key } })).body.code).toBe(400);
    expect(await titlesOf(`${FLOW}/work/claim-task`, task.taskId)).toEqual(['待签事务-签收']);
    const completions = (await logsOf(`${FLOW}/work/complete-task`)).filter((log) => log.params.includes(key));
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({ title: '待办事务-办理', method: 'POST', serviceId: 'blade-flow', createBy: expect.stringMatching(/^flow/) });

    const second = await startReview(admin, definition.processDefinitionId);
    ok(await call(`${FLOW}/follow/delete-process-instance?processInstanceId=${second}&deleteReason=${encodeURIComponent(key)}`, { token: admin, method: 'POST' }));
    expect(await titlesOf(`${FLOW}/follow/delete-process-instance`, second)).toEqual(['流程跟踪-删除']);
    ok(await call(`${FLOW}/manager/delete-deployment?deploymentIds=${definition.deploymentId}`, { token: admin, method: 'POST' }));
    expect(await titlesOf(`${FLOW}/manager/delete-deployment`, definition.deploymentId)).toEqual(['流程管理-删除']);

    const model = ok(await call(`${FLOW}/model/submit`, { token: admin, json: { modelKey: key, name: '日志模型' } }));
    expect((await call(`${FLOW}/model/deploy?modelId=${model.id}`, { token: admin, method: 'POST' })).body.code).toBe(400);
    ok(await call(`${FLOW}/model/remove?ids=${model.id}`, { token: admin, method: 'POST' }));
    expect(await titlesOf(`${FLOW}/model/submit`, key)).toEqual(['模型设计-新增']);
    expect(await titlesOf(`${FLOW}/model/deploy`, model.id)).toEqual([]);
    expect(await titlesOf(`${FLOW}/model/remove`, model.id)).toEqual(['模型设计-删除']);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)('two servers on one PostgreSQL', () => {
  let second: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'blade-flow-second-'));
    second = await startServer({ port: 0, dataDir, databaseUrl, adminPassword: ADMIN_PASSWORD, captcha: false }, { resources: registry });
  });
  afterAll(async () => {
    await second?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('complete a task once', async () => {
    const key = `Shared${Date.now()}`;
    ok(await upload(admin, [{ name: 'shared.bpmn', text: REVIEW_XML(key) }]));
    const definition = await deployedDefinition(admin, key);
    const instance = await startReview(admin, definition.processDefinitionId);
    const task = await claimable(admin, instance, second.url);
    ok(await call(`${FLOW}/work/claim-task?taskId=${task.taskId}`, { token: admin, method: 'POST', base: second.url }));
    const answers = await Promise.all(
      [serverUrl(), second.url].map((base) => call(`${FLOW}/work/complete-task`, { base, token: admin, json: { taskId: task.taskId, pass: true, comment: base } })),
    );
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.body.code === 400)?.body.msg).toBe('该任务已被办理，不能重复提交');
    const history = ok(await call(`${FLOW}/process/history-flow-list?processInstanceId=${instance}`, { token: admin }));
    expect(history.filter((row: { historyActivityId: string }) => row.historyActivityId === 'end')).toHaveLength(1);
  });
});
