import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsEnded, snap } from './browser';
import { formItem, pickOption } from './crudPage';
import { ADMIN_PASSWORD, loginAs, useProductPage, type ProductPage } from './product';

/**
 * 模型设计 as an administrator uses it: a two-step process drawn with the modeler's own clicks (the context pad's
 * append and replace, the properties panel's pickers), refused while a step has nobody to do it (the element at
 * fault selected), saved and deployed; then started by a user through the generic form, claimed and approved in two
 * steps by the administrator, and shown finished on the highlighted diagram.
 */
let opened: ProductPage;
useProductPage((product) => void (opened = product));

/** The drawn elements' ids, known once the model is drawn. */
const drawn = { first: '', second: '', end: '' };

const PROCESS_NAME = '两级审批';
const TITLE = '采购一台测试服务器';
/** 模型设计's list: the generic list of the `flowmodel` resource. */
const MODEL_LIST = '.crud-page[data-resource="flowmodel"]';
/**
 * 保存 by its name's end: after a save, antd's loading icon leaves with a motion that, on a loaded machine, can stay
 * in the DOM (invisible, width 0) with its aria-label, so the button is named "loading 保存" for a while.
 */
const saveButton = (page: Page) => page.getByRole('button', { name: /保\s*存$/ });
const spaced = (label: string) => new RegExp(`^${label.split('').join('\\s*')}$`);
/** A button's name after its icon's (the generic list's buttons carry one). */
const ending = (label: string) => new RegExp(`${label.split('').join('\\s*')}$`);
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
const rows = (page: Page, kind: string) => page.locator(`[data-work-list="${kind}"] .ant-table-row`);

const canvas = (page: Page) => page.getByTestId('modeler-canvas');
const shape = (page: Page, id: string) => canvas(page).locator(`g.djs-element[data-element-id="${id}"]`);
const panel = (page: Page) => page.getByTestId('modeler-panel');
const elementForm = (page: Page) => panel(page).locator('.flow-modeler-element');
const contextEntry = (page: Page, action: string) => page.locator(`.djs-context-pad .entry[data-action="${action}"]`);

/** The id of the element the panel shows (the one selected on the canvas). */
const selectedId = (page: Page) => formItem(elementForm(page), '节点编号').locator('input').inputValue();

/** Appends a task to the selected element from its context pad, makes it a user task and names it; answers its id. */
async function appendUserTask(page: Page, name: string): Promise<string> {
  await contextEntry(page, 'append.append-task').click();
  await contextEntry(page, 'replace').click();
  await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
  await formItem(elementForm(page), '节点类型').getByText('UserTask').waitFor();
  const nameInput = formItem(elementForm(page), '节点名称').locator('input');
  await nameInput.fill(name);
  await nameInput.press('Tab');
  const id = await selectedId(page);
  await shape(page, id).getByText(name).waitFor();
  return id;
}

async function openList(page: Page, path: string, list: string) {
  const answered = page.waitForResponse((response) => response.url().includes(`/api/blade-flow/work/${list}`));
  await page.goto(`${opened.product.url}${path}`);
  await answered;
}

/** Opens the task of the process in 待办事务 and approves it with a comment. */
async function approve(page: Page, task: string, comment: string) {
  await openList(page, '/work/todo', 'todo-list');
  const todo = rows(page, 'todo').filter({ hasText: PROCESS_NAME }).filter({ hasText: task });
  await todo.getByRole('button', { name: spaced('办理') }).click();
  await page.waitForURL(/\/work\/process\/generic\/handle\/\d+\/\d+$/);
  await expect.poll(() => page.title()).toBe('办理事务');
  // What is decided on: the start form's title, beside who started it.
  await page.locator('.generic-record').getByText(TITLE).waitFor();
  await page.locator('.flow-history .ant-table-row').filter({ hasText: task }).waitFor();
  await page.locator('[data-testid="flow-diagram"][data-drawn="true"]').waitFor();
  await page.locator('.generic-task-handle textarea').fill(comment);
  const completed = page.waitForResponse((response) => response.url().includes('/work/complete-task'));
  await page.getByRole('button', { name: spaced('同意') }).click();
  expect(await (await completed).json()).toMatchObject({ code: 200 });
  await page.waitForURL(/\/work\/todo$/);
}

describe('模型设计: a process drawn, deployed and run', () => {
  it('is drawn with real clicks, refused until every step has someone, saved and deployed', async () => {
    const { product, page: admin } = opened;
    const [{ real_name: adminName }] = await product.server.db.query<{ real_name: string }>("SELECT real_name FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'");
    await loginAs(admin, product);

    // The model list, empty, with 新增.
    const listed = admin.waitForResponse((response) => response.url().includes('/api/blade-flow/model/list'));
    await admin.goto(`${product.url}/flow/model`);
    await listed;
    await admin.locator(MODEL_LIST).locator('.crud-toolbar').getByRole('button', { name: ending('新增') }).click();
    await admin.waitForURL(/\/flow\/model\/design$/);
    await expect.poll(() => admin.title()).toBe('流程设计');
    await admin.locator('[data-testid="modeler-canvas"][data-ready="true"]').waitFor();
    const processForm = panel(admin).locator('.flow-modeler-process');
    await formItem(processForm, '流程标识').locator('input').fill('two_step');
    await formItem(processForm, '流程名称').locator('input').fill(PROCESS_NAME);

    // start → 部门审批 (the administrator role claims it) → 经理审批 (nobody yet) → end, from the context pad.
    await shape(admin, 'StartEvent_1').click();
    const first = await appendUserTask(admin, '部门审批');
    await pickOption(elementForm(admin), '候选角色', '超级管理员');
    const second = await appendUserTask(admin, '经理审批');
    await contextEntry(admin, 'append.end-event').click();
    await formItem(elementForm(admin), '节点类型').getByText('EndEvent').waitFor();
    const end = await selectedId(admin);
    Object.assign(drawn, { first, second, end });
    await snap(admin, 'flow-modeler-drawn');

    // Saving with 经理审批 unassigned: refused in the browser, the task selected and shown in the panel.
    await canvas(admin).click({ position: { x: 600, y: 120 } });
    await elementForm(admin).waitFor({ state: 'detached' });
    let submits = 0;
    admin.on('request', (request) => void (request.url().includes('/model/submit') && submits++));
    await saveButton(admin).click();
    await admin.locator('.flow-modeler-problem').getByText('用户任务 经理审批 未设置处理人或候选人').waitFor();
    await canvas(admin).locator(`g.djs-element.selected[data-element-id="${second}"]`).waitFor();
    expect(await selectedId(admin)).toBe(second);
    expect(submits).toBe(0);
    await snap(admin, 'flow-modeler-refused');

    // The manager step goes to the administrator, picked by name; the first keeps its role.
    await pickOption(elementForm(admin), '处理人', `${adminName} (admin)`);

    // A service task passes the browser's checks but not the server's (the engine makes no service calls): the
    // refusal names it, the modeler selects it, and what was drawn stays on the canvas.
    await contextEntry(admin, 'append.append-task').click();
    await contextEntry(admin, 'replace').click();
    await admin.locator('.djs-popup [data-id="replace-with-service-task"]').click();
    await formItem(elementForm(admin), '节点类型').getByText('ServiceTask').waitFor();
    const service = await selectedId(admin);
    await canvas(admin).click({ position: { x: 600, y: 120 } });
    await elementForm(admin).waitFor({ state: 'detached' });
    const refused = admin.waitForResponse((response) => response.url().includes('/api/blade-flow/model/submit'));
    await saveButton(admin).click();
    const refusal = `节点 ${service}: 不支持的节点类型 bpmn:ServiceTask`;
    expect(await (await refused).json()).toMatchObject({ code: 400, msg: refusal });
    await admin.locator('.flow-modeler-problem').getByText(refusal).waitFor();
    await canvas(admin).locator(`g.djs-element.selected[data-element-id="${service}"]`).waitFor();
    for (const id of [first, second, end]) await shape(admin, id).waitFor();
    expect(admin.url()).toMatch(/\/flow\/model\/design$/);
    await contextEntry(admin, 'delete').click();
    await shape(admin, service).waitFor({ state: 'detached' });
    await shape(admin, first).click();
    await formItem(elementForm(admin), '候选角色').getByText('超级管理员').waitFor();
    const saved = admin.waitForResponse((response) => response.url().includes('/api/blade-flow/model/submit'));
    await saveButton(admin).click();
    const submission = await saved;
    expect(await submission.json()).toMatchObject({ code: 200 });
    const xml = submission.request().postDataJSON().xml as string;
    expect(xml).toContain('camunda:candidateGroups="administrator"');
    expect(xml).toMatch(/camunda:assignee="\d+"/);
    await toast(admin, '保存成功').waitFor();
    await admin.waitForURL(/\/flow\/model\/design\/\d+$/);
    // What was drawn stays on the canvas.
    await shape(admin, second).getByText('经理审批').waitFor();
    await snap(admin, 'flow-modeler');

    // 部署: saved again, then the category (a process without a form of its own) and the tenant.
    await admin.getByRole('button', { name: spaced('部署') }).click();
    const dialog = admin.locator('.flow-model-deploy');
    await dialog.waitFor();
    await animationsEnded(dialog);
    await formItem(dialog, '所属租户').getByText('000000').waitFor();
    await pickOption(dialog, '流程类型', '报销流程');
    const deployed = admin.waitForResponse((response) => response.url().includes('/api/blade-flow/model/deploy'));
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    expect(await (await deployed).json()).toMatchObject({ code: 200 });
    await toast(admin, '部署成功').waitFor();

    // The list shows the model; 返回 leads there.
    await admin.getByRole('button', { name: spaced('返回') }).click();
    await admin.waitForURL(/\/flow\/model$/);
    await admin.locator(MODEL_LIST).locator('.ant-table-row').filter({ hasText: 'two_step' }).filter({ hasText: PROCESS_NAME }).waitFor();
    expect((await admin.locator(MODEL_LIST).locator('th').allInnerTexts()).filter((title) => title.trim() !== '')).toEqual(['模型标识', '模型名称', '模型描述', '版本', '更新时间', '操作']);
    await snap(admin, 'flow-model-list');

    // 编辑 reopens the saved drawing in the modeler, its process and its people as saved.
    await admin.locator(MODEL_LIST).locator('.ant-table-row').filter({ hasText: 'two_step' }).getByRole('button', { name: ending('编辑') }).click();
    await admin.waitForURL(/\/flow\/model\/design\/\d+$/);
    await admin.locator('[data-testid="modeler-canvas"][data-ready="true"]').waitFor();
    await expect.poll(() => formItem(processForm, '流程名称').locator('input').inputValue()).toBe(PROCESS_NAME);
    await shape(admin, second).click();
    await formItem(elementForm(admin), '处理人').getByText(`${adminName} (admin)`).waitFor();

  });

  it('is started by a user from 发起事务 through the generic form', async () => {
    const { product } = opened;
    const applicantContext = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    try {
      const applicant = await applicantContext.newPage();
      await loginAs(applicant, product, 'tester', ADMIN_PASSWORD);
      await openList(applicant, '/work/start', 'start-list');
      await rows(applicant, 'start').filter({ hasText: PROCESS_NAME }).getByRole('button', { name: spaced('发起') }).click();
      await applicant.waitForURL(/\/work\/process\/generic\/form\/.+/);
      await expect.poll(() => applicant.title()).toBe('发起事务');
      const form = applicant.locator('.generic-process-form form');
      await form.getByRole('button', { name: spaced('提交') }).click();
      await form.locator('.ant-form-item-explain-error', { hasText: '请输入事务标题' }).waitFor();
      await formItem(form, '事务标题').locator('input').fill(TITLE);
      await applicant.locator('.generic-process-form [data-testid="flow-diagram"][data-drawn="true"]').waitFor();
      await snap(applicant, 'flow-generic-form');
      const started = applicant.waitForResponse((response) => response.url().includes('/work/start-process'));
      await form.getByRole('button', { name: spaced('提交') }).click();
      const start = await started;
      expect(start.request().postDataJSON()).toMatchObject({ variables: { title: TITLE } });
      expect(await start.json()).toMatchObject({ code: 200 });
      await applicant.waitForURL(/\/work\/send$/);
      await rows(applicant, 'send').filter({ hasText: PROCESS_NAME }).filter({ hasText: '部门审批' }).waitFor();
    } finally {
      await applicantContext.close();
    }

  });

  it('is claimed and approved in two steps by the administrator, and shows the path taken', async () => {
    const { page: admin } = opened;
    const { first, second, end } = drawn;
    // The administrator's role is the first step's candidate: 待签事务, then 待办事务; the second step is theirs at once.
    await openList(admin, '/work/claim', 'claim-list');
    const toClaim = rows(admin, 'claim').filter({ hasText: PROCESS_NAME });
    const claimed = admin.waitForResponse((response) => response.url().includes('/work/claim-task'));
    await toClaim.getByRole('button', { name: spaced('签收') }).click();
    expect(await (await claimed).json()).toMatchObject({ code: 200 });
    await toClaim.waitFor({ state: 'detached' });
    await approve(admin, '部门审批', '部门同意');
    await approve(admin, '经理审批', '经理同意');

    // 办结事务: finished; its detail shows the comments and the path taken on the diagram.
    await openList(admin, '/work/done', 'done-list');
    await rows(admin, 'done').filter({ hasText: '经理审批' }).getByRole('button', { name: spaced('详情') }).click();
    await admin.waitForURL(/\/work\/process\/generic\/detail\/\d+$/);
    await admin.locator('.flow-history .ant-table-row').filter({ hasText: '经理同意' }).waitFor();
    const diagram = admin.locator('[data-testid="flow-diagram"][data-drawn="true"]');
    await diagram.waitFor();
    for (const id of ['StartEvent_1', first, second, end]) await diagram.locator(`g.djs-element.flow-mark-finished[data-element-id="${id}"]`).waitFor();
    expect(await diagram.locator('g.djs-element.flow-mark-taken').count()).toBe(3);
    await snap(admin, 'flow-generic-detail');
  });
});

