import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin } from './client';
import { REVIEW_XML } from '../../server/flow/review';
import { OTHER_TENANT, TESTER } from './fixtures';

/**
 * Reviews of test scripts and cases over HTTP: the author (tester) sends an item for review (送审), the review process
 * every tenant ships with waits for a reviewer (the administrator role), whose pass makes the item approved — and
 * pickable — and whose return gives it back to the author with the comment. The audit status moves only so.
 */
const FLOW = '/api/blade-flow';
const REVIEW = '/api/blade-desk/process/review';
const CASE = '/gateway/blade-testcase/testCase';
const SCRIPT = '/gateway/blade-testscript/testScript';
const MODULE = '/gateway/blade-moduletype/moduleType';

let admin: string;
let tester: string;
let modulePath: string;
const stamp = Date.now().toString(36);

const as = (token: string) => (path: string, json?: unknown) => call(path, { token, ...(json === undefined ? {} : { json }), method: json === undefined && /submit-review|claim-task/.test(path) ? 'POST' : undefined });
const ok = <T extends { body: any; text: string }>(answer: T) => {
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  return answer.body.data;
};
const idOf = async (token: string, base: string, query: string) => ok(await as(token)(`${base}/list?${query}`)).records[0] as Record<string, any>;
const claimTaskOf = async (token: string, processInstanceId: string) =>
  ok(await as(token)(`${FLOW}/work/claim-list?size=100`)).records.find((row: { processInstanceId: string }) => row.processInstanceId === processInstanceId);

beforeAll(async () => {
  admin = await loginAdmin();
  tester = (await login(TESTER)).access_token;
  ok(await as(admin)(`${MODULE}/submit`, { typeName: '审核模块', typeCode: `REV-${stamp}` }));
  modulePath = (await idOf(admin, MODULE, `typeCode_equal=REV-${stamp}`)).id;
});

describe('the review of a script', () => {
  it('cannot be approved by a submit: the audit status is the process’s', async () => {
    const code = `REV-D-${stamp}`;
    ok(await as(tester)(`${SCRIPT}/submit`, { scriptCode: code, scriptPath: 'script/d.py', moduleTypePath: modulePath, ownershipType: 0, auditStatus: 1 }));
    const script = await idOf(tester, SCRIPT, `scriptCode_equal=${code}`);
    expect(script.auditStatus).toBe(0);
    ok(await as(tester)(`${SCRIPT}/submit`, { ...script, auditStatus: 1 }));
    expect((await idOf(tester, SCRIPT, `scriptCode_equal=${code}`)).auditStatus).toBe(0);
  });

  it('goes from the author to a reviewer, whose pass makes it approved and pickable in a case', async () => {
    const code = `REV-S-${stamp}`;
    ok(await as(tester)(`${SCRIPT}/submit`, { scriptCode: code, scriptPath: 'script/s.py', moduleTypePath: modulePath, ownershipType: 0 }));
    const script = await idOf(tester, SCRIPT, `scriptCode_equal=${code}`);
    // The case form's script picker asks for audited scripts only: not this one yet.
    expect(ok(await as(tester)(`${SCRIPT}/list?auditStatus=1&scriptCode=${code}`)).records).toEqual([]);

    // Two sends at once start one review; the other is refused naming why.
    const sends = await Promise.all([as(tester)(`${SCRIPT}/submit-review?id=${script.id}`), as(tester)(`${SCRIPT}/submit-review?id=${script.id}`)]);
    expect(sends.map((answer) => answer.body.code).sort()).toEqual([200, 400]);
    expect(sends.find((answer) => answer.body.code === 400)!.body.msg).toBe('该脚本正在审核中，不能重复送审');
    const { processInstanceId } = sends.find((answer) => answer.body.code === 200)!.body.data;
    expect((await as(tester)(`${SCRIPT}/submit-review?id=${script.id}`)).body).toMatchObject({ code: 400, msg: '该脚本正在审核中，不能重复送审' });

    // The author, outside the reviewer role, can neither claim nor complete it.
    const task = await claimTaskOf(admin, processInstanceId);
    expect(task).toMatchObject({ taskName: '审核', category: 'flow_3', categoryName: '审核流程', businessId: script.id });
    expect(await claimTaskOf(tester, processInstanceId)).toBeUndefined();
    expect((await as(tester)(`${FLOW}/work/claim-task?taskId=${task.taskId}`)).body).toMatchObject({ code: 400, msg: '您不是该任务的办理人或候选人' });
    expect((await as(tester)(`${FLOW}/work/complete-task`, { taskId: task.taskId, pass: true })).body).toMatchObject({
      code: 400,
      msg: '您不是该任务的办理人或候选人',
    });

    // The reviewer claims it (待签 → 待办) and reads the script read-only beside the review.
    ok(await as(admin)(`${FLOW}/work/claim-task?taskId=${task.taskId}`));
    const todo = ok(await as(admin)(`${FLOW}/work/todo-list?size=100`)).records.find((row: { taskId: string }) => row.taskId === task.taskId);
    expect(todo).toMatchObject({ businessId: script.id, processInstanceId });
    const detail = ok(await as(admin)(`${REVIEW}/detail?processInstanceId=${processInstanceId}`));
    expect(detail).toMatchObject({ resource: 'testscript', businessId: script.id, record: { scriptCode: code, auditStatus: 0 }, flow: { status: 'unfinished', taskName: '审核' } });

    ok(await as(admin)(`${FLOW}/work/complete-task`, { taskId: task.taskId, processInstanceId, pass: true, comment: '脚本可用' }));
    expect((await idOf(tester, SCRIPT, `scriptCode_equal=${code}`)).auditStatus).toBe(1);
    expect(ok(await as(tester)(`${SCRIPT}/list?auditStatus=1&scriptCode=${code}`)).records.map((row: { id: string }) => row.id)).toEqual([script.id]);
    // An approved script is not sent again.
    expect((await as(tester)(`${SCRIPT}/submit-review?id=${script.id}`)).body).toMatchObject({ code: 400, msg: '该脚本已审核通过，无需送审' });

    // The author's drawer finds the finished review with its history.
    const reviews = ok(await as(tester)(`${REVIEW}/list?resource=testscript&businessId=${script.id}`));
    expect(reviews).toMatchObject([{ processInstanceId, status: 'finished' }]);
    const history = ok(await as(tester)(`${FLOW}/process/history-flow-list?processInstanceId=${processInstanceId}`));
    expect(history.map((row: { historyActivityId: string }) => row.historyActivityId)).toEqual(['start', 'review', 'approved']);
    expect(history[1]).toMatchObject({ comment: '脚本可用' });

    // A case may now link the script, which the case picker offers.
    ok(await as(tester)(`${CASE}/submit`, { caseCode: `REV-C0-${stamp}`, caseTitle: '关联审核脚本', moduleTypePath: modulePath, ownership: 0, purpose: '审核', testScriptId: script.id }));
  });
});

describe('the review of a case', () => {
  it('returns to the author with the comment; edited, it is sent again', async () => {
    const scriptCode = `REV-CS-${stamp}`;
    ok(await as(admin)(`${SCRIPT}/submit`, { scriptCode, scriptPath: 'script/cs.py', moduleTypePath: modulePath, ownershipType: 0 }));
    const script = await idOf(admin, SCRIPT, `scriptCode_equal=${scriptCode}`);
    ok(await as(admin)(`${SCRIPT}/submit-review?id=${script.id}`));
    const scriptReview = ok(await as(admin)(`${REVIEW}/list?resource=testscript&businessId=${script.id}`))[0];
    ok(await as(admin)(`${FLOW}/work/complete-task`, { taskId: (await claimTaskOf(admin, scriptReview.processInstanceId)).taskId, pass: true }));

    const caseCode = `REV-C-${stamp}`;
    ok(await as(tester)(`${CASE}/submit`, { caseCode, caseTitle: '待审用例', moduleTypePath: modulePath, ownership: 0, purpose: '审核', testScriptId: script.id, auditStatus: 2 }));
    const item = await idOf(tester, CASE, `caseCode_equal=${caseCode}`);
    expect(item.auditStatus).toBe(0);
    const { processInstanceId } = ok(await as(tester)(`${CASE}/submit-review?id=${item.id}`));
    expect((await as(tester)(`${CASE}/submit-review?id=${item.id}`)).body).toMatchObject({ code: 400, msg: '该用例正在审核中，不能重复送审' });
    const task = await claimTaskOf(admin, processInstanceId);
    ok(await as(admin)(`${FLOW}/work/complete-task`, { taskId: task.taskId, processInstanceId, pass: false, comment: '步骤不完整' }));

    // The author sees it returned (审核驳回) with the reviewer's comment, and the task among the reviewer's done.
    const returned = await idOf(tester, CASE, `caseCode_equal=${caseCode}`);
    expect(returned).toMatchObject({ auditStatus: 2, auditStatusStr: '审核驳回' });
    const history = ok(await as(tester)(`${FLOW}/process/history-flow-list?processInstanceId=${processInstanceId}`));
    expect(history.map((row: { historyActivityId: string }) => row.historyActivityId)).toEqual(['start', 'review', 'returned']);
    expect(history[1]).toMatchObject({ comment: '步骤不完整' });
    const sent = ok(await as(tester)(`${FLOW}/work/send-list?size=100`)).records.find((row: { processInstanceId: string }) => row.processInstanceId === processInstanceId);
    expect(sent).toMatchObject({ businessId: item.id, processIsFinished: 'finished' });

    // Edited and sent again: a new review, the item waiting for it again.
    ok(await as(tester)(`${CASE}/submit`, { ...returned, testSteps: '1. 打开\n2. 检查' }));
    const again = ok(await as(tester)(`${CASE}/submit-review?id=${item.id}`));
    expect(again.processInstanceId).not.toBe(processInstanceId);
    expect((await idOf(tester, CASE, `caseCode_equal=${caseCode}`)).auditStatus).toBe(0);
    const reviews = ok(await as(tester)(`${REVIEW}/list?resource=testcase&businessId=${item.id}`));
    expect(reviews.map((row: { processInstanceId: string; status: string }) => [row.processInstanceId, row.status])).toEqual([
      [again.processInstanceId, 'unfinished'],
      [processInstanceId, 'finished'],
    ]);
    // Only a member of the reviewer role or the item's screen reads the review.
    expect(ok(await as(admin)(`${REVIEW}/detail?processInstanceId=${again.processInstanceId}`))).toMatchObject({ resource: 'testcase', record: { caseCode } });
  });

  it('is read by no other tenant', async () => {
    const scriptCode = `REV-T-${stamp}`;
    ok(await as(tester)(`${SCRIPT}/submit`, { scriptCode, scriptPath: 'script/t.py', moduleTypePath: modulePath, ownershipType: 0 }));
    const script = await idOf(tester, SCRIPT, `scriptCode_equal=${scriptCode}`);
    const { processInstanceId } = ok(await as(tester)(`${SCRIPT}/submit-review?id=${script.id}`));
    const other = (await login(OTHER_TENANT)).access_token;
    expect((await as(other)(`${REVIEW}/detail?processInstanceId=${processInstanceId}`)).body).toMatchObject({ code: 400, msg: '流程实例不存在' });
    expect(ok(await as(other)(`${REVIEW}/list?resource=testscript&businessId=${script.id}`))).toEqual([]);
    expect(await claimTaskOf(other, processInstanceId)).toBeUndefined();
  });

  it('refuses a send of an item that does not exist, naming it', async () => {
    expect((await as(tester)(`${CASE}/submit-review?id=1`)).body).toMatchObject({ code: 400, msg: '用例不存在' });
    expect((await as(tester)(`${CASE}/submit-review?id=abc`)).body).toMatchObject({ code: 400 });
  });
});

describe('a review process drawn in the modeler', () => {
  // Last in the file: from here on this tenant's sends start the drawn version.
  it('replaces the shipped one: a send starts the latest active version, whose end decides by the reviewer’s pass', async () => {
    const drawn = REVIEW_XML.replaceAll('approved', 'accepted').replaceAll('returned', 'sentBack').replace('name="审核"', 'name="复核"');
    const model = ok(await as(admin)(`${FLOW}/model/submit`, { modelKey: 'Review', name: '审核流程', description: '复核', xml: drawn }));
    ok(await call(`${FLOW}/model/deploy?modelId=${model.id}&category=flow_3`, { token: admin, method: 'POST' }));

    const scriptCode = `REV-M-${stamp}`;
    ok(await as(tester)(`${SCRIPT}/submit`, { scriptCode, scriptPath: 'script/m.py', moduleTypePath: modulePath, ownershipType: 0 }));
    const script = await idOf(tester, SCRIPT, `scriptCode_equal=${scriptCode}`);
    const { processInstanceId } = ok(await as(tester)(`${SCRIPT}/submit-review?id=${script.id}`));
    const task = await claimTaskOf(admin, processInstanceId);
    expect(task).toMatchObject({ taskName: '复核' });
    expect(Number(task.processDefinitionVersion)).toBeGreaterThan(1);
    ok(await as(admin)(`${FLOW}/work/complete-task`, { taskId: task.taskId, processInstanceId, pass: true }));
    expect((await idOf(tester, SCRIPT, `scriptCode_equal=${scriptCode}`)).auditStatus).toBe(1);
  });
});
