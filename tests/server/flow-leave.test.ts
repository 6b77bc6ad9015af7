import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { call, login } from './client';
import { ADMIN_PASSWORD, TESTER } from './fixtures';
import { registry } from '../../resources/schemas';
import { freshDataDir } from './data-dir';
import { freshPostgresDatabase } from './printed-product';
import { observeFlow, type FlowInstanceEnded, type FlowTaskOpened } from '../../server/flow/events';
import { until } from '../until';

/**
 * Workflows over HTTP on a server of their own (restarted on the same data dir mid-way): the leave process every
 * tenant ships with, from the applicant's start through the approver's claim and completion to the done lists; a
 * rejection returning to the applicant; one completion of a task however many arrive at once; a model deployed and
 * a timer that fires after a restart; the diagram's finished and active nodes; bodies refused naming the field.
 */
const FLOW = '/api/blade-flow';
const LEAVE = '/api/blade-desk/process/leave';

// What the engine told its observers, as a review or the message centre would hear it.
const opened: FlowTaskOpened[] = [];
const ended: FlowInstanceEnded[] = [];
observeFlow('flow-leave-test', {
  taskOpened: async (_tx, event) => void opened.push(event),
  instanceEnded: async (_tx, event) => void ended.push(event),
});

let server: RunningServer;
let dataDir: string;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let admin: string;
let tester: string;

const start = () =>
  startServer(
    { port: 0, dataDir, databaseUrl: database?.url, adminPassword: ADMIN_PASSWORD, captcha: false },
    { resources: registry },
  );

const loginOn = async (account: string, password: string) => (await login({ account, password }, server.url)).access_token;

const as = (token: string) => (path: string, options: Parameters<typeof call>[1] = {}) => call(path, { base: server.url, token, ...options });
const ok = <T extends { body: any; text: string }>(answer: T) => {
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  return answer.body.data;
};

async function leaveDefinitionId(token: string): Promise<string> {
  const list = ok(await as(token)(`${FLOW}/work/start-list?size=100`));
  const leave = list.records.find((row: { key: string }) => row.key === 'Leave');
  expect(leave, JSON.stringify(list.records)).toMatchObject({ name: '请假流程', category: 'flow_1', categoryName: '请假流程', suspensionState: 1 });
  return leave.processDefinitionId;
}

/** The applicant (tester) asks for leave; answers its record id, process instance id and detail. */
async function applyForLeave(reason: string) {
  const processDefinitionId = await leaveDefinitionId(tester);
  ok(await as(tester)(`${LEAVE}/start-process`, { json: { processDefinitionId, leaveType: '1', startTime: '2026-12-01', endTime: '2026-12-03', reason } }));
  const sent = ok(await as(tester)(`${FLOW}/work/send-list?size=100`));
  const leaves = await Promise.all(
    sent.records.map(async (row: { businessId: string }) => ok(await as(tester)(`${LEAVE}/detail?businessId=${row.businessId}`))),
  );
  const record = leaves.find((leave) => leave.reason === reason);
  return { businessId: record.id as string, processInstanceId: record.processInstanceId as string, detail: record };
}

const taskOf = async (token: string, list: 'claim-list' | 'todo-list' | 'done-list', processInstanceId: string) => {
  const page = ok(await as(token)(`${FLOW}/work/${list}?size=100`));
  return page.records.find((row: { processInstanceId: string }) => row.processInstanceId === processInstanceId);
};

beforeAll(async () => {
  dataDir = freshDataDir('blade-flow-test-');
  // A database of its own on PostgreSQL too: the file runs beside the files of the shared server.
  database = await freshPostgresDatabase('blade_flow_leave_test');
  server = await start();
  admin = await loginOn('admin', ADMIN_PASSWORD);
  tester = await loginOn(TESTER.account, TESTER.password);
}, 60000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the leave process', () => {
  it('goes from the applicant to the approver and ends in the done lists', async () => {
    const { businessId, processInstanceId, detail } = await applyForLeave('家中有事');
    expect(detail).toMatchObject({ days: 3, startTime: '2026-12-01 00:00:00', endTime: '2026-12-03 00:00:00', leaveType: '1' });
    expect(detail.flow).toMatchObject({ status: 'unfinished', taskName: '审批' });

    // The approver role's members see it to claim; the applicant, outside the candidates, may not claim it.
    const toClaim = await taskOf(admin, 'claim-list', processInstanceId);
    expect(toClaim).toMatchObject({ taskName: '审批', taskDefinitionKey: 'approve', status: 'claim', processDefinitionName: '请假流程', businessId, startUser: expect.any(String) });
    expect(await taskOf(tester, 'claim-list', processInstanceId)).toBeUndefined();
    const refused = await as(tester)(`${FLOW}/work/claim-task?taskId=${toClaim.taskId}`, { method: 'POST' });
    expect(refused.body).toMatchObject({ code: 400, msg: '您不是该任务的办理人或候选人' });
    const notMine = await as(tester)(`${FLOW}/work/complete-task`, { json: { taskId: toClaim.taskId, pass: true, comment: '自己批' } });
    expect(notMine.body).toMatchObject({ code: 400, msg: '您不是该任务的办理人或候选人' });

    const claimed = await as(admin)(`${FLOW}/work/claim-task?taskId=${toClaim.taskId}`, { method: 'POST' });
    expect(claimed.body).toMatchObject({ code: 200, msg: '签收事务成功' });
    expect(await taskOf(admin, 'claim-list', processInstanceId)).toBeUndefined();
    expect(await taskOf(admin, 'todo-list', processInstanceId)).toMatchObject({ taskId: toClaim.taskId, status: 'todo' });

    // The diagram: the start finished, the approval active.
    const view = ok(await as(tester)(`${FLOW}/process/model-view?processInstanceId=${processInstanceId}`));
    expect(view.xml).toContain('<bpmn:process id="Leave"');
    const node = (id: string) => view.flow.find((row: { historyActivityId: string }) => row.historyActivityId === id);
    expect(node('start')).toMatchObject({ historyActivityType: 'startEvent', endTime: expect.stringMatching(/^\d{4}-/) });
    expect(node('toApprove')).toMatchObject({ historyActivityType: 'sequenceFlow' });
    expect(node('approve')).toMatchObject({ historyActivityType: 'userTask', endTime: '' });

    const done = await as(admin)(`${FLOW}/work/complete-task`, { json: { taskId: toClaim.taskId, processInstanceId, pass: true, comment: '同意' } });
    expect(done.body).toMatchObject({ code: 200, msg: '流程提交成功' });
    expect(await taskOf(admin, 'todo-list', processInstanceId)).toBeUndefined();
    expect(await taskOf(admin, 'done-list', processInstanceId)).toMatchObject({ taskName: '审批', comment: '同意', pass: true, status: 'finished', endTime: expect.stringMatching(/^\d{4}-/) });
    const sent = ok(await as(tester)(`${FLOW}/work/send-list?size=100`));
    expect(sent.records.find((row: { processInstanceId: string }) => row.processInstanceId === processInstanceId)).toMatchObject({ status: 'finished', processIsFinished: 'finished' });

    const history = ok(await as(tester)(`${FLOW}/process/history-flow-list?processInstanceId=${processInstanceId}`));
    expect(history.map((row: { historyActivityId: string }) => row.historyActivityId)).toEqual(['start', 'approve', 'approved']);
    expect(history[1]).toMatchObject({ historyActivityName: '审批', comment: '同意', assigneeName: expect.any(String), historyActivityDurationTime: expect.stringMatching(/秒/) });
    const finished = ok(await as(admin)(`${FLOW}/process/model-view?processInstanceId=${processInstanceId}`));
    expect(finished.flow.find((row: { historyActivityId: string }) => row.historyActivityId === 'approved')).toMatchObject({ historyActivityType: 'endEvent' });
    expect(finished.flow.every((row: { endTime: string }) => row.endTime !== '')).toBe(true);

    // Observers heard the approval open (for the approver roles) and the instance end at 通过.
    const approval = opened.find((event) => event.instance.id === processInstanceId);
    expect(approval).toMatchObject({ taskId: toClaim.taskId, activityId: 'approve', name: '审批', assignee: null, candidateUsers: [] });
    expect(approval?.candidateGroups.length).toBeGreaterThan(0);
    expect(ended.filter((event) => event.instance.id === processInstanceId)).toEqual([
      expect.objectContaining({ endActivityIds: ['approved'], instance: expect.objectContaining({ state: 'finished', business_id: businessId }), variables: expect.objectContaining({ pass: true }) }),
    ]);
  });

  it("answers the diagram as an SVG image to an img or iframe (token in blade-auth), finished and running steps marked; nobody else", async () => {
    const { processInstanceId } = await applyForLeave('看图');
    const path = `${FLOW}/process/diagram-view?processInstanceId=${processInstanceId}`;
    // What an img sends: no Blade-Auth header, the token in the address.
    const image = await call(`${path}&blade-auth=${encodeURIComponent(`bearer ${tester}`)}`, { base: server.url });
    expect(image.status, image.text).toBe(200);
    expect(image.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const states = Object.fromEntries([...image.text.matchAll(/data-element="([^"]+)" data-state="(\w+)"/g)].map((match) => [match[1], match[2]]));
    expect(Object.values(states)).toContain('finished');
    expect(Object.values(states).filter((state) => state === 'active')).toHaveLength(1);
    expect(image.text).toContain('<text');
    // Without a token, or with a forged one: the 401 envelope (as HTTP 200, as BladeX answers it), no image.
    for (const refused of [await call(path, { base: server.url }), await call(`${path}&blade-auth=bearer%20forged`, { base: server.url })]) {
      expect(refused.body?.code, refused.text).toBe(401);
      expect(refused.text).not.toContain('<svg');
    }

    const definition = await call(`${FLOW}/process/resource-view?processDefinitionId=${encodeURIComponent(await leaveDefinitionId(tester))}&blade-auth=${encodeURIComponent(`bearer ${tester}`)}`, { base: server.url });
    expect(definition.status, definition.text).toBe(200);
    expect(definition.text).toContain('data-state="plain"');
    expect(definition.text).not.toMatch(/data-state="(finished|active)"/);
  });

  it('returns a rejected leave to the applicant, who sends it again or cancels it', async () => {
    const { processInstanceId } = await applyForLeave('回老家');
    const approve = async (pass: boolean) => {
      const task = await taskOf(admin, 'claim-list', processInstanceId);
      ok(await as(admin)(`${FLOW}/work/claim-task?taskId=${task.taskId}`, { method: 'POST' }));
      ok(await as(admin)(`${FLOW}/work/complete-task`, { json: { taskId: task.taskId, pass, comment: pass ? '同意' : '理由不充分' } }));
    };
    await approve(false);
    // Back with the applicant, already theirs (no claim).
    const adjust = await taskOf(tester, 'todo-list', processInstanceId);
    expect(adjust).toMatchObject({ taskName: '调整申请', taskDefinitionKey: 'adjust' });
    expect((await as(admin)(`${FLOW}/work/complete-task`, { json: { taskId: adjust.taskId, pass: true } })).body).toMatchObject({ code: 400, msg: '您不是该任务的办理人或候选人' });
    ok(await as(tester)(`${FLOW}/work/complete-task`, { json: { taskId: adjust.taskId, pass: true, comment: '补充了理由' } }));
    await approve(false);
    const again = await taskOf(tester, 'todo-list', processInstanceId);
    ok(await as(tester)(`${FLOW}/work/complete-task`, { json: { taskId: again.taskId, pass: false, comment: '不请了' } }));
    const view = ok(await as(tester)(`${FLOW}/process/model-view?processInstanceId=${processInstanceId}`));
    const ids = view.flow.map((row: { historyActivityId: string }) => row.historyActivityId);
    expect(ids).toContain('cancelled');
    expect(ids).not.toContain('approved');
    const sent = ok(await as(tester)(`${FLOW}/work/send-list?size=100`));
    expect(sent.records.find((row: { processInstanceId: string }) => row.processInstanceId === processInstanceId)).toMatchObject({ status: 'finished' });
  });

  it('completes a task once when two completions arrive together', async () => {
    const { processInstanceId } = await applyForLeave('并发审批');
    const task = await taskOf(admin, 'claim-list', processInstanceId);
    ok(await as(admin)(`${FLOW}/work/claim-task?taskId=${task.taskId}`, { method: 'POST' }));
    const answers = await Promise.all(
      [true, false].map((pass) => as(admin)(`${FLOW}/work/complete-task`, { json: { taskId: task.taskId, pass, comment: `并发 ${pass}` } })),
    );
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.body.code === 400)?.body.msg).toBe('该任务已被办理，不能重复提交');
    // Exactly one path was taken: finished (passed) or back with the applicant (rejected), never both.
    const history = ok(await as(admin)(`${FLOW}/process/history-flow-list?processInstanceId=${processInstanceId}`));
    const approvals = history.filter((row: { historyActivityId: string }) => row.historyActivityId === 'approve');
    expect(approvals).toHaveLength(1);
    const after = history.filter((row: { historyActivityId: string }) => ['approved', 'adjust'].includes(row.historyActivityId));
    expect(after).toHaveLength(1);
  });

  it('refuses bad bodies naming the field', async () => {
    const processDefinitionId = await leaveDefinitionId(tester);
    const leave = (body: Record<string, unknown>) => as(tester)(`${LEAVE}/start-process`, { json: { processDefinitionId, startTime: '2026-12-01', endTime: '2026-12-02', reason: '事假', ...body } });
    expect((await leave({ reason: '' })).body).toMatchObject({ code: 400, msg: '请输入请假理由' });
    expect((await leave({ startTime: undefined })).body).toMatchObject({ code: 400, msg: '请选择开始时间' });
    expect((await leave({ endTime: '2026-13-01' })).body).toMatchObject({ code: 400, msg: '结束时间格式不正确' });
    expect((await leave({ endTime: '2026-11-30' })).body).toMatchObject({ code: 400, msg: '结束时间不能早于开始时间' });
    expect((await leave({ processDefinitionId: 'nope:1:1' })).body).toMatchObject({ code: 400, msg: '流程定义不存在' });
    expect((await as(admin)(`${FLOW}/work/complete-task`, { json: { pass: true } })).body).toMatchObject({ code: 400, msg: '请输入任务编号' });
    expect((await as(admin)(`${FLOW}/work/complete-task`, { json: { taskId: 'x' } })).body).toMatchObject({ code: 400, msg: '任务编号格式不正确' });
    expect((await as(admin)(`${FLOW}/work/complete-task`, { json: { taskId: '1', pass: 'maybe' } })).body).toMatchObject({ code: 400, msg: 'pass只能是 true 或 false' });
    expect((await as(admin)(`${FLOW}/work/complete-task`, { json: { taskId: '1', variables: { 'a.b': 1 } } })).body).toMatchObject({ code: 400, msg: '流程变量名不正确: a.b' });
    expect((await as(admin)(`${FLOW}/work/complete-task`, { json: { taskId: '1', pass: true } })).body).toMatchObject({ code: 400, msg: '任务不存在或已办结' });
    expect((await as(admin)(`${FLOW}/work/claim-task`, { method: 'POST' })).body).toMatchObject({ code: 400, msg: '请输入任务编号' });
    expect((await as(admin)(`${FLOW}/manager/change-state?state=sleep&processId=${processDefinitionId}`, { method: 'POST' })).body).toMatchObject({
      code: 400,
      msg: 'state 只能是 active 或 suspend',
    });
  });
});

const bpmn = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://test">${body}</bpmn:definitions>`;

const TIMER_MODEL = bpmn(`<bpmn:process id="WaitThenReview" name="等待后审核" isExecutable="true">
  <bpmn:startEvent id="start" />
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="wait" />
  <bpmn:intermediateCatchEvent id="wait" name="等待"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT\${seconds}S</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
  <bpmn:sequenceFlow id="f2" sourceRef="wait" targetRef="fork" />
  <bpmn:parallelGateway id="fork" />
  <bpmn:sequenceFlow id="f3" sourceRef="fork" targetRef="review" />
  <bpmn:sequenceFlow id="f4" sourceRef="fork" targetRef="check" />
  <bpmn:userTask id="review" name="审核" camunda:assignee="\${applyUser}" />
  <bpmn:userTask id="check" name="复核" camunda:candidateGroups="administrator" />
  <bpmn:boundaryEvent id="checkTimeout" attachedToRef="check"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT1S</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
  <bpmn:sequenceFlow id="f5" sourceRef="review" targetRef="join" />
  <bpmn:sequenceFlow id="f6" sourceRef="check" targetRef="join" />
  <bpmn:sequenceFlow id="f7" sourceRef="checkTimeout" targetRef="join" />
  <bpmn:parallelGateway id="join" />
  <bpmn:sequenceFlow id="f8" sourceRef="join" targetRef="big" />
  <bpmn:exclusiveGateway id="big" />
  <bpmn:sequenceFlow id="f9" sourceRef="big" targetRef="endLarge"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${amount &gt; 100}</bpmn:conditionExpression></bpmn:sequenceFlow>
  <bpmn:sequenceFlow id="f10" sourceRef="big" targetRef="endSmall"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${amount &lt;= 100}</bpmn:conditionExpression></bpmn:sequenceFlow>
  <bpmn:endEvent id="endLarge" name="大额" />
  <bpmn:endEvent id="endSmall" name="小额" />
</bpmn:process>`);

describe('deployed models', () => {
  it('refuses a model without an end, a task without anyone, an unreachable node and a script condition, naming the element', async () => {
    const submit = (xml: string) => as(admin)(`${FLOW}/model/submit`, { json: { modelKey: 'bad', name: '坏模型', xml } });
    const task = (attrs: string) => `<bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="t" /><bpmn:userTask id="t" ${attrs} />
      <bpmn:sequenceFlow id="g" sourceRef="t" targetRef="e" /><bpmn:endEvent id="e" />`;
    expect((await submit(bpmn('<bpmn:process id="p"><bpmn:startEvent id="s" /></bpmn:process>'))).body).toMatchObject({ code: 400, msg: '流程缺少结束事件' });
    expect((await submit(bpmn(`<bpmn:process id="p">${task('name="审批"')}</bpmn:process>`))).body).toMatchObject({ code: 400, msg: '用户任务 t(审批) 未设置处理人或候选人' });
    expect((await submit(bpmn(`<bpmn:process id="p">${task('camunda:assignee="1"')}<bpmn:userTask id="lost" camunda:assignee="1" /></bpmn:process>`))).body).toMatchObject({
      code: 400,
      msg: '节点 lost 从开始事件无法到达',
    });
    const script = `<bpmn:process id="p"><bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="e"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="javascript">next(null, process.exit())</bpmn:conditionExpression></bpmn:sequenceFlow><bpmn:endEvent id="e" /></bpmn:process>`;
    expect((await submit(bpmn(script))).body).toMatchObject({ code: 400, msg: '连线 f: 条件只能是表达式，不能是脚本' });
    expect((await submit('not xml')).body).toMatchObject({ code: 400, msg: expect.stringMatching(/^流程文件不是合法的 BPMN/) });
    expect((await as(admin)(`${FLOW}/model/submit`, { json: { name: '无标识' } })).body).toMatchObject({ code: 400, msg: '请输入模型标识' });
  });

  it('keeps running instances and due timers across a restart, and a suspended process starts nothing', async () => {
    const saved = ok(await as(admin)(`${FLOW}/model/submit`, { json: { modelKey: 'WaitThenReview', name: '等待后审核', xml: TIMER_MODEL } }));
    const models = ok(await as(admin)(`${FLOW}/model/list?name=等待后审核`));
    expect(models.records[0]).toMatchObject({ id: saved.id, modelKey: 'WaitThenReview' });
    ok(await as(admin)(`${FLOW}/model/deploy?modelId=${saved.id}&category=flow_2`, { method: 'POST' }));
    const managed = ok(await as(admin)(`${FLOW}/manager/list?key=WaitThenReview`));
    expect(managed.records[0]).toMatchObject({ key: 'WaitThenReview', version: 1, suspensionState: 1, category: 'flow_2', categoryName: '报销流程' });
    const processId = managed.records[0].processDefinitionId as string;

    const suspended = await as(admin)(`${FLOW}/manager/change-state?state=suspend&processId=${processId}`, { method: 'POST' });
    expect(suspended.body).toMatchObject({ code: 200, msg: `挂起ID为 [${processId}] 的流程成功` });
    const refused = await as(admin)(`${FLOW}/work/start-process`, { json: { processDefinitionId: processId, variables: { seconds: 2, amount: 500 } } });
    expect(refused.body).toMatchObject({ code: 400, msg: '流程已挂起，无法发起' });
    ok(await as(admin)(`${FLOW}/manager/change-state?state=active&processId=${processId}`, { method: 'POST' }));

    const started = ok(await as(admin)(`${FLOW}/work/start-process`, { json: { processDefinitionId: processId, variables: { seconds: 2, amount: 500 } } }));
    const timerInstance = started.processInstanceId as string;
    const { processInstanceId: leaveInstance } = await applyForLeave('重启前提交');
    const waiting = ok(await as(admin)(`${FLOW}/process/model-view?processInstanceId=${timerInstance}`));
    expect(waiting.flow.find((row: { historyActivityId: string }) => row.historyActivityId === 'wait')).toMatchObject({ historyActivityType: 'intermediateCatchEvent', endTime: '' });

    // Stop before the timer is due and start again on the same data: nothing is lost, and the timer fires.
    await server.close();
    await new Promise((resolve) => setTimeout(resolve, 2200));
    server = await start();
    const leaveTask = await taskOf(admin, 'claim-list', leaveInstance);
    expect(leaveTask).toMatchObject({ taskName: '审批' });
    const review = await until('the timer to fire after the restart', () => taskOf(admin, 'todo-list', timerInstance));
    expect(review).toMatchObject({ taskName: '审核' });
    // The parallel branch's 复核 ran out of time (its boundary timer) and was taken away from the candidates.
    await until('the boundary timer to fire', async () => !(await taskOf(admin, 'claim-list', timerInstance)));
    ok(await as(admin)(`${FLOW}/work/complete-task`, { json: { taskId: review.taskId, pass: true } }));
    const view = ok(await as(admin)(`${FLOW}/process/model-view?processInstanceId=${timerInstance}`));
    const ids = view.flow.map((row: { historyActivityId: string }) => row.historyActivityId);
    expect(ids).toEqual(expect.arrayContaining(['wait', 'fork', 'review', 'check', 'checkTimeout', 'join', 'endLarge']));
    expect(ids).not.toContain('endSmall');
    expect(view.flow.every((row: { endTime: string }) => row.endTime !== '')).toBe(true);
  }, 60000);
});
