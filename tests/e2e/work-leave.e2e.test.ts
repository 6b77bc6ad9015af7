import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { snap } from './browser';
import { formItem, pickOption } from './crudPage';
import { ADMIN_PASSWORD, apiCall, apiLogin, loginAs, useProductPage, type ProductPage } from './product';

/**
 * 我的事务 and the leave routes as people use them: an applicant of the plain user role starts a leave from 发起事务
 * (the form checks its fields and counts the days), the administrator claims it in 待签事务 and approves it in 待办事务
 * with a comment, the sidebar's counts following each step, and it shows finished in the approver's 办结事务 and the
 * applicant's 已发事务, with its history and its diagram beside the request.
 */
let opened: ProductPage;
useProductPage((product) => void (opened = product));

const REASON = '回老家办理证件';
const COMMENT = '同意，注意安全';
const spaced = (label: string) => new RegExp(`^${label.split('').join('\\s*')}$`);

const rows = (page: Page, kind: string) => page.locator(`[data-work-list="${kind}"] .ant-table-row`);
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

/** Waits until the sidebar entry `code` shows `count` beside its name (null: no count at all). */
async function menuCount(page: Page, code: string, count: string | null) {
  const badge = page.locator(`.app-sider [data-menu-count="${code}"]`);
  if (count === null) await badge.waitFor({ state: 'detached' });
  else await badge.locator(`.ant-scroll-number[title="${count}"]`).waitFor();
}

/** The diagram card of a leave route once bpmn-js has drawn it. */
async function drawnDiagram(page: Page) {
  const diagram = page.locator('.leave-diagram [data-testid="flow-diagram"][data-drawn="true"]');
  await diagram.waitFor();
  return diagram;
}

/** `right` stands beside `left` (to its right, side by side), not below it. */
async function expectBeside(left: Locator, right: Locator) {
  const [a, b] = [await left.boundingBox(), await right.boundingBox()];
  expect(a && b && b.x >= a.x + a.width && b.y < a.y + a.height).toBe(true);
}

/** Opens a work list and answers once its first page has arrived. */
async function openList(page: Page, path: string, list: string) {
  const answered = page.waitForResponse((response) => response.url().includes(`/api/blade-flow/work/${list}`));
  await page.goto(`${opened.product.url}${path}`);
  await answered;
}

describe('我的事务: a leave from start to done', () => {
  it('is started by a user, claimed and approved by the administrator, and ends in both done lists', async () => {
    const { product, page: applicant } = opened;
    // The applicant holds the seeded user role (普通用户) only: 我的事务 comes with it, no grant needed.
    await loginAs(applicant, product, 'tester', ADMIN_PASSWORD);

    // 发起事务 offers every process the user may start, each with 发起; 请假流程 lists the leave process alone.
    await openList(applicant, '/work/start', 'start-list');
    const leaveRow = rows(applicant, 'start').filter({ hasText: '请假流程' });
    await leaveRow.getByRole('button', { name: spaced('发起') }).waitFor();
    await snap(applicant, 'work-start');
    await openList(applicant, '/work/process/leave', 'start-list');
    await rows(applicant, 'leave').filter({ hasText: '请假流程' }).getByRole('button', { name: spaced('发起') }).waitFor();
    expect(await rows(applicant, 'leave').count()).toBe(1);
    await snap(applicant, 'work-leave-list');
    await openList(applicant, '/work/start', 'start-list');
    await leaveRow.getByRole('button', { name: spaced('发起') }).click();
    await applicant.waitForURL(/\/work\/process\/leave\/form\/.+/);
    await expect.poll(() => applicant.title()).toBe('请假申请');
    const form = applicant.locator('.leave-form form');

    // Nothing filled: each field says what it needs; an end before the start is refused.
    await form.getByRole('button', { name: spaced('提交') }).click();
    for (const message of ['请选择请假类型', '请选择开始时间', '请选择结束时间', '请输入请假理由']) await form.locator('.ant-form-item-explain-error', { hasText: message }).waitFor();
    const setDate = async (label: string, value: string) => {
      const input = formItem(form, label).locator('input');
      await input.click();
      await input.fill(value);
      await input.press('Enter');
    };
    await setDate('开始时间', '2026-12-03');
    await setDate('结束时间', '2026-12-01');
    await form.locator('.ant-form-item-explain-error', { hasText: '结束时间不能早于开始时间' }).waitFor();
    await setDate('结束时间', '2026-12-05');
    await pickOption(form, '请假类型', '事假');
    await expect.poll(() => formItem(form, '请假天数').locator('input').inputValue()).toBe('3');
    await formItem(form, '请假理由').locator('textarea').fill(REASON);
    await expect.poll(() => form.locator('.ant-form-item-explain-error:visible').count()).toBe(0);
    await snap(applicant, 'work-leave-form');
    const started = applicant.waitForResponse((response) => response.url().includes('/process/leave/start-process'));
    await form.getByRole('button', { name: spaced('提交') }).click();
    expect(await (await started).json()).toMatchObject({ code: 200 });
    await toast(applicant, '流程提交成功').waitFor();
    await applicant.waitForURL(/\/work\/send$/);
    const sent = rows(applicant, 'send').filter({ hasText: '请假流程' });
    await sent.filter({ hasText: '未完成' }).waitFor();
    await expect.poll(() => sent.innerText()).toContain('审批');
    await snap(applicant, 'work-send');

    // The administrator (the approver role) claims it...
    const adminContext = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    try {
      const admin = await adminContext.newPage();
      await loginAs(admin, product);
      await openList(admin, '/work/claim', 'claim-list');
      const toClaim = rows(admin, 'claim').filter({ hasText: '请假流程' });
      await toClaim.waitFor();
      // The sidebar counts the open tasks: one to claim, none to handle; 我的事务 their sum.
      await menuCount(admin, 'work_claim', '1');
      await menuCount(admin, 'work', '1');
      await menuCount(admin, 'work_todo', null);
      await snap(admin, 'work-claim');
      const claimed = admin.waitForResponse((response) => response.url().includes('/work/claim-task'));
      const reloaded = admin.waitForResponse((response) => response.url().includes('/work/claim-list'));
      await toClaim.getByRole('button', { name: spaced('签收') }).click();
      expect(await (await claimed).json()).toMatchObject({ code: 200 });
      await toast(admin, '签收事务成功').waitFor();
      await reloaded;
      await toClaim.waitFor({ state: 'detached' });
      // Claimed: it moved from 待签 to 待办 on the menu too, without a reload.
      await menuCount(admin, 'work_claim', null);
      await menuCount(admin, 'work_todo', '1');
      await menuCount(admin, 'work', '1');

      // ...and approves it in 待办事务, reading the request and its history first.
      await openList(admin, '/work/todo', 'todo-list');
      const todo = rows(admin, 'todo').filter({ hasText: '请假流程' });
      await todo.waitFor();
      await snap(admin, 'work-todo');
      await todo.getByRole('button', { name: spaced('办理') }).click();
      await admin.waitForURL(/\/work\/process\/leave\/handle\/\d+\/\d+\/\d+$/);
      await expect.poll(() => admin.title()).toBe('请假审批');
      const record = admin.locator('.leave-record');
      await record.getByText(REASON).waitFor();
      await record.getByText('事假').waitFor();
      await admin.locator('.flow-history .ant-table-row').filter({ hasText: '审批' }).waitFor();
      // Beside the request: its diagram, the approval it waits for marked active.
      const diagram = await drawnDiagram(admin);
      await expect.poll(() => diagram.locator('g.djs-element[data-element-id="approve"]').getAttribute('class')).toContain('flow-mark-active');
      await expectBeside(record, admin.locator('.leave-diagram'));
      await admin.locator('.leave-handle textarea').fill(COMMENT);
      await snap(admin, 'work-leave-handle');
      const completed = admin.waitForResponse((response) => response.url().includes('/work/complete-task'));
      await admin.getByRole('button', { name: spaced('同意') }).click();
      const completion = await completed;
      expect(completion.request().postDataJSON()).toMatchObject({ pass: true, comment: COMMENT });
      expect(await completion.json()).toMatchObject({ code: 200 });
      await toast(admin, '流程提交成功').waitFor();
      await admin.waitForURL(/\/work\/todo$/);
      // Done: nothing left to count.
      await menuCount(admin, 'work_todo', null);
      await menuCount(admin, 'work', null);

      // 办结事务: finished; its detail shows the comment in the history.
      await openList(admin, '/work/done', 'done-list');
      const done = rows(admin, 'done').filter({ hasText: '请假流程' });
      await done.filter({ hasText: '已完成' }).waitFor();
      await snap(admin, 'work-done');
      await done.getByRole('button', { name: spaced('详情') }).click();
      await admin.waitForURL(/\/work\/process\/leave\/detail\/\d+\/\d+$/);
      await expect.poll(() => admin.title()).toBe('请假详情');
      await admin.locator('.flow-history .ant-table-row').filter({ hasText: COMMENT }).waitFor();
      await admin.locator('.leave-record').getByText('已完成').waitFor();
      const finished = await drawnDiagram(admin);
      await expect.poll(() => finished.locator('g.djs-element[data-element-id="approve"]').getAttribute('class')).toContain('flow-mark-finished');
      await expectBeside(admin.locator('.leave-record'), admin.locator('.leave-diagram'));
      await snap(admin, 'work-leave-detail');
    } finally {
      await adminContext.close();
    }

    // The applicant's 已发事务 shows it finished.
    await openList(applicant, '/work/send', 'send-list');
    await rows(applicant, 'send').filter({ hasText: '请假流程' }).filter({ hasText: '已完成' }).waitFor();
  });

  it('is returned to the applicant when the administrator rejects it with a comment', async () => {
    const { product } = opened;
    // Set up through the API: the applicant asks, the administrator claims.
    const tester = await apiLogin(product, 'tester', ADMIN_PASSWORD);
    const admin = await apiLogin(product, 'admin', ADMIN_PASSWORD);
    const startable = await apiCall(product, tester, '/api/blade-flow/work/start-list?size=100');
    const leave = startable.body.data.records.find((row: { key: string }) => row.key === 'Leave');
    const reason = '理由待补充';
    const started = await apiCall(product, tester, '/api/blade-desk/process/leave/start-process', {
      processDefinitionId: leave.processDefinitionId,
      leaveType: '2',
      startTime: '2026-12-10',
      endTime: '2026-12-10',
      reason,
    });
    expect(started.body).toMatchObject({ code: 200 });
    const toClaim = (await apiCall(product, admin, '/api/blade-flow/work/claim-list?size=100')).body.data.records[0];
    expect((await apiCall(product, admin, `/api/blade-flow/work/claim-task?taskId=${toClaim.taskId}`, {})).body).toMatchObject({ code: 200 });

    const context = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await loginAs(page, product);
      await openList(page, '/work/todo', 'todo-list');
      await rows(page, 'todo').filter({ hasText: '请假流程' }).getByRole('button', { name: spaced('办理') }).click();
      await page.locator('.leave-record').getByText(reason).waitFor();
      await page.locator('.leave-record').getByText('病假').waitFor();
      await page.locator('.leave-handle textarea').fill('请补充病历');
      const completed = page.waitForResponse((response) => response.url().includes('/work/complete-task'));
      await page.getByRole('button', { name: spaced('驳回') }).click();
      const completion = await completed;
      expect(completion.request().postDataJSON()).toMatchObject({ taskId: toClaim.taskId, pass: false, comment: '请补充病历' });
      expect(await completion.json()).toMatchObject({ code: 200 });
      await toast(page, '流程提交成功').waitFor();
    } finally {
      await context.close();
    }
    // Back with the applicant, to adjust.
    const todo = (await apiCall(product, tester, '/api/blade-flow/work/todo-list?size=100')).body.data.records;
    expect(todo).toEqual(expect.arrayContaining([expect.objectContaining({ taskName: '调整申请', processInstanceId: toClaim.processInstanceId })]));
  });
});
