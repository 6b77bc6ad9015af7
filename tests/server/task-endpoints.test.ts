import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin } from './client';
import { approveByReview } from './reviews';

const TASK = '/gateway/blade-task/task';
const CASE = '/gateway/blade-testcase/testCase';
const SCRIPT = '/gateway/blade-testscript/testScript';
const MODULE = '/gateway/blade-moduletype/moduleType';

let admin: string;
const stamp = Date.now().toString(36);

async function ok(path: string, json: unknown) {
  const answer = await call(path, { token: admin, json });
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  return answer;
}

async function idOf(base: string, query: string) {
  const answer = await call(`${base}/list?${query}`, { token: admin });
  return answer.body.data.records[0].id as string;
}

describe('task endpoints of spec §7', () => {
  let modulePath: string;
  beforeAll(async () => {
    admin = await loginAdmin();
    await ok(`${MODULE}/submit`, { typeName: '选择模块', typeCode: `SEL-${stamp}` });
    modulePath = await idOf(MODULE, `typeCode_equal=SEL-${stamp}`);
    await ok(`${SCRIPT}/submit`, { scriptCode: `SEL-S-${stamp}`, scriptPath: 'script/a.py', moduleTypePath: modulePath, ownershipType: 0 });
    const scriptId = await idOf(SCRIPT, `scriptCode_equal=SEL-S-${stamp}`);
    await approveByReview(SCRIPT, scriptId, { author: admin, reviewer: admin });
    // A and B are approved through their review; C waits for one.
    for (const [suffix, approved] of [['A', true], ['B', true], ['C', false]] as const) {
      await ok(`${CASE}/submit`, {
        caseCode: `SEL-${stamp}-${suffix}`, caseTitle: `选择用例${suffix}`, moduleTypePath: modulePath, ownership: 0, purpose: '选择', testScriptId: scriptId,
      });
      if (approved) await approveByReview(CASE, await idOf(CASE, `caseCode_equal=SEL-${stamp}-${suffix}`), { author: admin, reviewer: admin });
    }
  });

  it('taskCaseSelect lists audited cases only, filtered by module and code', async () => {
    const answer = await call(`${TASK}/taskCaseSelect`, { token: admin, json: { moduleTypePath: modulePath, size: 50 } });
    expect(answer.body.code, answer.text).toBe(200);
    const codes = (answer.body.data.records as { caseCode: string }[]).map((row) => row.caseCode).sort();
    expect(codes).toEqual([`SEL-${stamp}-A`, `SEL-${stamp}-B`]);
    const one = await call(`${TASK}/taskCaseSelect`, { token: admin, json: { caseCode: `SEL-${stamp}-B` } });
    expect(one.body.data.records.map((row: { caseCode: string }) => row.caseCode)).toEqual([`SEL-${stamp}-B`]);
    const bad = await call(`${TASK}/taskCaseSelect`, { token: admin, json: { size: 'many' } });
    expect(bad.status).toBe(400);
  });

  it('mainTaskSubmit saves a task with its cases and child tasks in one call; taskBatchDelete removes it with its children', async () => {
    const caseA = await idOf(CASE, `caseCode_equal=SEL-${stamp}-A`);
    const caseB = await idOf(CASE, `caseCode_equal=SEL-${stamp}-B`);
    await ok(`${TASK}/mainTaskSubmit`, {
      taskCode: `SEL-T-${stamp}`,
      moduleTypePath: modulePath,
      taskTestCaseList: [{ testCaseId: caseA }, { testCaseId: caseB }],
      childTaskList: [{ taskCode: `SEL-T-${stamp}-1`, taskName: '子任务' }],
    });
    const id = await idOf(TASK, `taskCode_equal=SEL-T-${stamp}`);
    const detail = (await call(`${TASK}/detail?id=${id}`, { token: admin })).body.data;
    expect(detail.taskTestCaseList.map((row: { caseCode: string; caseTitle: string }) => [row.caseCode, row.caseTitle])).toEqual([
      [`SEL-${stamp}-A`, '选择用例A'],
      [`SEL-${stamp}-B`, '选择用例B'],
    ]);
    expect(detail.childTaskList.map((row: { taskCode: string }) => row.taskCode)).toEqual([`SEL-T-${stamp}-1`]);
    // A child task is not a main task of the list.
    expect((await call(`${TASK}/list?taskCode=SEL-T-${stamp}`, { token: admin })).body.data.total).toBe(1);

    await ok(`${TASK}/taskBatchDelete`, { ids: [id] });
    expect((await call(`${TASK}/detail?id=${id}`, { token: admin })).body.code).toBe(400);
    expect((await call(`${TASK}/list?taskCode=SEL-T-${stamp}`, { token: admin })).body.data.total).toBe(0);
  });

  it('refuses a case that is not audited? no: the server keeps any case of the tenant, the picker offers audited ones', async () => {
    const bad = await call(`${TASK}/mainTaskSubmit`, { token: admin, json: { taskCode: `SEL-X-${stamp}`, moduleTypePath: modulePath, taskTestCaseList: [{ testCaseId: '123' }] } });
    expect(bad.body).toMatchObject({ code: 400, msg: '用例编号不存在' });
  });
});
