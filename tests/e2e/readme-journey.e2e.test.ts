import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, requestToken } from '../server/client';
import { approveByReview } from '../server/reviews';
import { runAsPrinted, startPrintedProduct, type PrintedProduct, type RunningCommand } from '../server/printed-product';
import { confirmDialogOk, launchChromium, snap } from './browser';
import { chooseOption, CrudPage } from './crudPage';

/**
 * The README, done as a newcomer does it: the build `npm start` made, started as `npm run serve` on an empty data dir
 * (its embedded database and object store; only the port, the data dir and the captcha set, as a test cannot read a
 * captcha image); the password and the agent commands the first start printed; each agent command run as printed
 * from an empty folder outside the project (it fetches the one-file agent from the server). Then, in the browser:
 * DEMO-RUN-001 started from its drawer ends with 2 of 3 passed, a report with its chart, an execution record and the
 * cases' logs; and what a test lead does next: upload a python script, make it a case, a task with the case on
 * TM-002, start TM-002's printed agent, run, and read the script's output in the case log.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const stamp = Date.now().toString(36).toUpperCase();
const SCRIPT_OUTPUT = `hello from the uploaded script ${stamp}`;

let product: PrintedProduct;
let dataDir: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const agents: RunningCommand[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'readme-journey-e2e-'));
  product = await startPrintedProduct(['npm', 'run', 'serve'], {
    PORT: '0',
    BLADE_DATA_DIR: dataDir,
    BLADE_CAPTCHA: 'off',
    // Parallel work may build into its own folder (as the other browser tests allow).
    ...(process.env.E2E_STATIC_DIR ? { BLADE_STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
  }, ROOT);
  browser = await launchChromium();
  context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
});

afterEach(async (test) => {
  if (page && test.task.result?.state === 'fail') await snap(page, `failed-${test.task.name.replace(/\W+/g, '-')}`);
});

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.stop()));
  await context?.close();
  await browser?.close();
  await product?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the agent command the first start printed for a terminal, and waits until its token has been used. */
async function startPrintedAgent(terminalCode: string): Promise<RunningCommand> {
  const agent = runAsPrinted(product.agentCommand(terminalCode));
  agents.push(agent);
  const token = (await requestToken({ account: 'admin', password: product.adminPassword()! }, { base: product.url })).body.access_token;
  const api = (path: string) => call(path, { base: product.url, token });
  const terminal = (await api(`/gateway/blade-terminal/terminalManagement/page?terminalCode_equal=${terminalCode}`)).body.data.records[0];
  await expect
    .poll(async () => (await api(`/gateway/blade-terminal/terminalManagement/agent?id=${terminal.id}`)).body.data.tokenLastUsed, {
      timeout: 30_000,
      message: agent.output(),
    })
    .not.toBe('');
  return agent;
}

const runControls = () => page.getByTestId('run-controls');
const runButton = (label: string) => runControls().getByRole('button', { name: new RegExp(label.split('').join('\\s*')) });
const shownRunStatus = (tasks: CrudPage) =>
  tasks.section('基本信息').locator('.ant-form-item').filter({ hasText: '运行状态' }).locator('.crud-view-value').innerText();

async function fill(scope: Locator, label: string, value: string) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

async function pick(scope: Locator, label: string, option: string, search?: string) {
  const item = scope.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) }).first();
  await chooseOption(item.locator('.ant-select'), option, search);
}

/** The first module of the demo tree, as a person picks one in the cascader. */
async function pickFirstModule(scope: Locator) {
  const item = scope.locator('.ant-form-item').filter({ has: page.locator('label:text-is("功能模块")') }).first();
  await item.locator('.ant-select').click();
  await page.locator('.ant-cascader-menu-item').first().click();
  await page.locator('.ant-cascader-menu').nth(1).locator('.ant-cascader-menu-item').first().click();
  await page.locator('.ant-drawer-title, .ant-modal-title').last().click();
}

async function save(crud: CrudPage, toast: string) {
  await crud.form.locator('.ant-drawer-footer, .ant-modal-footer').getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText(toast).first().waitFor();
  await crud.form.waitFor({ state: 'hidden' });
}

/** 开始 in the task's drawer, then waits for the run to end with `status`. */
async function runFromDrawer(tasks: CrudPage, taskCode: string, status: string, cases: number) {
  await tasks.open(`?taskCode=${taskCode}`);
  await tasks.rowAction(taskCode, '编辑');
  await tasks.form.waitFor();
  await runControls().getByText('尚未运行').waitFor();
  // The start's answer, not its toast: a toast can come and go while a loaded machine is still closing the dialog.
  const started = page.waitForResponse((response) => response.url().includes('/blade-task/task/execute'));
  await runButton('开始').click();
  await confirmDialogOk(page);
  expect(await (await started).json()).toMatchObject({ code: 200 });
  await expect.poll(() => shownRunStatus(tasks), { timeout: 90_000, interval: 1000 }).toBe(status);
  await runControls().getByText(`用例 ${cases}/${cases}`).waitFor();
}

describe('the README journey on a fresh install, in the browser', () => {
  it('signs in with the password the first start printed', async () => {
    const password = product.adminPassword();
    expect(password, product.output()).toBeTruthy();
    // What the first start said while it seeded, and how to start the benches.
    expect(product.output()).toMatch(/\] seeding demo projects, terminals, test objects, tasks and records…/);
    expect(product.agentCommand('TM-001')).toMatch(/^curl -fsSO http:\/\/localhost:\d+\/agent\/agent\.mjs && BLADE_AGENT_TOKEN=bta_\S+ node agent\.mjs/);
    await page.goto(`${product.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(password!);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/wel\/index/);
  });

  it('runs DEMO-RUN-001 from its drawer on TM-001 with the printed command: 2 of 3 passed', { timeout: 150_000 }, async () => {
    const agent = await startPrintedAgent('TM-001');
    const tasks = new CrudPage(page, product.url, '/test/task');
    try {
      await runFromDrawer(tasks, 'DEMO-RUN-001', '已失败', 3);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nagent: ${agent.output()}`);
    }
    await snap(page, 'readme-journey-demo-run');
  });

  it('shows the report with its chart and the cases, and a case\'s log', async () => {
    const tasks = new CrudPage(page, product.url, '/test/task');
    const row = tasks.section('测试报告').locator('.task-reports .ant-table-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('2 通过 / 1 未通过,共 3');
    await row.click();
    const modal = page.locator('.run-report-modal .ant-modal-content');
    await modal.waitFor();
    await modal.locator('.chart__legend').getByText('通过').waitFor();
    expect(await modal.locator('.chart__total').first().innerHTML()).toBe('3');
    const cases = modal.locator('.run-cases .ant-table-row');
    await expect.poll(() => cases.count()).toBe(3);
    await cases.filter({ hasText: 'DEMO-CASE-002' }).locator('.ant-tag', { hasText: '失败' }).waitFor();
    await cases.filter({ hasText: 'DEMO-CASE-003' }).locator('.ant-tag', { hasText: '通过' }).waitFor();
    await cases.filter({ hasText: 'DEMO-CASE-002' }).locator('.ant-table-row-expand-icon').click();
    await modal.locator('pre.run-log').filter({ hasText: 'checksum mismatch' }).waitFor();
    await snap(page, 'readme-journey-demo-report');
    await modal.getByRole('button', { name: /close|关闭/i }).first().click();
    await modal.waitFor({ state: 'hidden' });
    await tasks.close();
  });

  it('shows the run on the execution record with the cases\' logs', async () => {
    const records = new CrudPage(page, product.url, '/test/taskrecord');
    await records.open('?taskCode=DEMO-RUN-001');
    await records.row('DEMO-RUN-001').getByRole('button', { name: 'DEMO-RUN-001' }).click();
    const modal = page.locator('.run-report-modal .ant-modal-content');
    await modal.waitFor();
    const cases = modal.locator('.run-cases .ant-table-row');
    await expect.poll(() => cases.count()).toBe(3);
    await cases.filter({ hasText: 'DEMO-CASE-001' }).locator('.ant-table-row-expand-icon').click();
    await modal.locator('pre.run-log').filter({ hasText: 'login smoke check passed' }).waitFor();
    await modal.getByRole('button', { name: /close|关闭/i }).first().click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('uploads a python script, makes it a case and a task on TM-002', async () => {
    const scripts = new CrudPage(page, product.url, '/test/testscript');
    await scripts.open('/new');
    await fill(scripts.form, '脚本编号', `JOURNEY-S-${stamp}`);
    const file = join(tmpdir(), `journey_${stamp}.py`);
    writeFileSync(file, `print(${JSON.stringify(SCRIPT_OUTPUT)})\n`);
    await scripts.form.locator('.crud-upload input[type=file]').setInputFiles(file);
    await scripts.form.locator('.crud-upload-key').waitFor();
    await pickFirstModule(scripts.form);
    await save(scripts, '新增成功');
    // Sent for review and approved (the administrator reviews), so that the case form's picker offers it.
    const token = (await requestToken({ account: 'admin', password: product.adminPassword()! }, { base: product.url })).body.access_token;
    const scriptApi = '/gateway/blade-testscript/testScript';
    const script = (await call(`${scriptApi}/list?scriptCode_equal=JOURNEY-S-${stamp}`, { base: product.url, token })).body.data.records[0];
    await approveByReview(scriptApi, script.id, { author: token, reviewer: token, base: product.url });

    const cases = new CrudPage(page, product.url, '/test/testcase');
    await cases.open('/new');
    await fill(cases.form, '用例编号', `JOURNEY-C-${stamp}`);
    await fill(cases.form, '用例标题', '上传的脚本');
    await pickFirstModule(cases.form);
    await fill(cases.form, '测试目的', '运行上传的脚本');
    await pick(cases.form, '脚本编号', `JOURNEY-S-${stamp}`, `JOURNEY-S-${stamp}`);
    await save(cases, '新增成功');
    // The task's case picker offers approved cases only: this one goes through its review too.
    const caseApi = '/gateway/blade-testcase/testCase';
    const testCase = (await call(`${caseApi}/list?caseCode_equal=JOURNEY-C-${stamp}`, { base: product.url, token })).body.data.records[0];
    await approveByReview(caseApi, testCase.id, { author: token, reviewer: token, base: product.url });

    const tasks = new CrudPage(page, product.url, '/test/task');
    await tasks.open('/new');
    await tasks.form.waitFor();
    await fill(tasks.form, '任务编号', `JOURNEY-T-${stamp}`);
    await fill(tasks.form, '任务名称', '上传脚本任务');
    await pickFirstModule(tasks.form);
    const children = tasks.section('子任务及测试用例');
    await children.getByRole('button', { name: /批量选择测试用例/ }).click();
    const picker = page.locator('.ant-modal-content').filter({ hasText: '批量选择测试用例' });
    await chooseOption(picker.locator('.crud-multi-picker'), `JOURNEY-C-${stamp}`, `JOURNEY-C-${stamp}`);
    await picker.locator('.ant-modal-title').click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await children.getByText('上传的脚本').waitFor();
    const terminal = tasks.section('终端信息');
    await terminal.getByPlaceholder('请输入终端编号').fill('TM-002');
    await terminal.getByPlaceholder('请输入终端编号').press('Enter');
    await expect.poll(() => terminal.locator('.ant-table-row').count()).toBe(1);
    await terminal.locator('.ant-table-row').filter({ hasText: 'TM-002' }).locator('.ant-radio-input').check();
    await save(tasks, '新增成功');
  });

  it('runs the task on TM-002 with its printed command and shows the script\'s output in the case log', { timeout: 150_000 }, async () => {
    const agent = await startPrintedAgent('TM-002');
    const tasks = new CrudPage(page, product.url, '/test/task');
    try {
      await runFromDrawer(tasks, `JOURNEY-T-${stamp}`, '已完成', 1);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nagent: ${agent.output()}`);
    }
    const row = tasks.section('测试报告').locator('.task-reports .ant-table-row').first();
    await row.click();
    const modal = page.locator('.run-report-modal .ant-modal-content');
    await modal.waitFor();
    const cases = modal.locator('.run-cases .ant-table-row');
    await cases.filter({ hasText: `JOURNEY-C-${stamp}` }).locator('.ant-tag', { hasText: '通过' }).waitFor();
    await cases.filter({ hasText: `JOURNEY-C-${stamp}` }).locator('.ant-table-row-expand-icon').click();
    await modal.locator('pre.run-log').filter({ hasText: SCRIPT_OUTPUT }).waitFor();
    await snap(page, 'readme-journey-uploaded-run');
  });
});
