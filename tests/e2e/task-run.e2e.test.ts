import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { nextId } from '../../server/blade/ids';
import { formatDateTime } from '../../server/blade/serializer';
import { tenantObjectKey } from '../../server/storage/keys';
import { startLoopbackStore, type LoopbackStore } from '../server/execution-store';
import { confirmDialogOk, snap } from './browser';
import { chooseOption, CrudPage, optionOf } from './crudPage';
import { loginAs, useProductPage, type ProductPage } from './product';

/**
 * A task really run from its drawer: pick the terminal in the radio table, issue the terminal's agent token from the
 * terminal screen, start the agent process, press 开始, pause and resume, and read the report and the execution record
 * the run wrote (one case passes, one fails leaving an attachment, one runs past the time limit).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Its own task, beside any demo task the seed adds.
const TASK_CODE = 'E2E-RUN-001';
const TERMINAL_CODE = 'TM-001';
/** What the user types into the drawer while the run goes. */
const TYPED_NAME = '运行中修改的任务名称';
// Short enough for a test, long enough to pause and resume while the slow case runs.
const TIME_LIMIT_SECONDS = 8;
const SCRIPTS: [title: string, source: string][] = [
  ['通过的用例', 'print("hello from the passing case")\n'],
  // Leaves its evidence in its output folder: the case's attachment.
  [
    '失败的用例',
    'import os, sys\nopen(os.path.join(os.environ["BLADE_OUTPUT_DIR"], "evidence.txt"), "w").write("what went wrong")\nprint("about to fail")\nsys.stderr.write("boom\\n")\nsys.exit(1)\n',
  ],
  ['超时的用例', 'import time\nprint("slow case started", flush=True)\ntime.sleep(60)\n'],
];

let opened: ProductPage;
let page: Page;
let store: LoopbackStore;
let agent: ChildProcess | undefined;
let agentToken: string;
const agentOutput: string[] = [];

useProductPage(
  async (product) => {
    opened = product;
    page = product.page;
  },
  {},
  async () => {
    process.env.BLADE_CASE_TIME_LIMIT_SECONDS = String(TIME_LIMIT_SECONDS);
    store = await startLoopbackStore();
    return { storage: store };
  },
);

afterAll(async () => {
  if (agent?.pid && agent.exitCode === null) {
    try {
      process.kill(-agent.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await store?.close();
  delete process.env.BLADE_CASE_TIME_LIMIT_SECONDS;
});

const db = () => opened.product.server.db;
const NOW = () => formatDateTime(new Date());

/** Three audited cases whose python scripts sit in object storage, filed under a demo module: what a task picks. */
async function insertDemoCases(): Promise<string> {
  const [module] = await db().query<{ path: string }>(
    "SELECT module_type_path AS path FROM blade_task WHERE module_type_path IS NOT NULL AND module_type_path <> '' LIMIT 1",
  );
  const [admin] = await db().query<{ tenant: string }>("SELECT tenant_id AS tenant FROM blade_user WHERE account = 'admin'");
  for (const [index, [title, source]] of SCRIPTS.entries()) {
    const key = `script/e2e_run_${index + 1}.py`;
    await store.putObject(tenantObjectKey(admin.tenant, key), new TextEncoder().encode(source), 'text/x-python');
    const scriptId = nextId();
    await db().query(
      `INSERT INTO blade_test_script (id, tenant_id, script_code, script_path, version, audit_status, create_time, update_time, is_deleted)
       VALUES ($1, $2, $3, $4, '1', 1, $5, $5, 0)`,
      [scriptId, admin.tenant, `E2E-SCRIPT-${index + 1}`, key, NOW()],
    );
    await db().query(
      `INSERT INTO blade_test_case (id, tenant_id, case_code, case_title, test_script_id, audit_status, module_type_path, create_time, update_time, is_deleted)
       VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $7, 0)`,
      [nextId(), admin.tenant, `E2E-CASE-${index + 1}`, title, scriptId, module.path, NOW()],
    );
  }
  return module.path;
}

const idOf = async (table: string, column: string, value: string) => {
  const [row] = await db().query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE ${column} = $1 AND is_deleted = 0`, [value]);
  return row.id;
};

/** Starts the terminal's agent (from source, as `npm run agent` does) and waits for its first heartbeat. */
async function startAgent(token: string) {
  const started = formatDateTime(new Date());
  agent = spawn(
    process.execPath,
    ['--import', 'tsx', 'agent/main.ts', '--server', opened.product.url, '--terminal', TERMINAL_CODE, '--token', token, '--heartbeat', '1'],
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  agent.stdout?.on('data', (data: Buffer) => agentOutput.push(data.toString()));
  agent.stderr?.on('data', (data: Buffer) => agentOutput.push(data.toString()));
  await expect
    .poll(
      async () => {
        const [row] = await db().query<{ beat: string | null }>('SELECT last_heartbeat::text AS beat FROM blade_terminal WHERE terminal_code = $1', [TERMINAL_CODE]);
        return row.beat !== null && row.beat >= started;
      },
      { timeout: 20_000, message: agentOutput.join('') },
    )
    .toBe(true);
}

/**
 * What the page asked while it followed the run, in order: each `run-progress` answer (with its marker) and each read
 * of the runs list.
 */
type RunRead = { kind: 'progress'; marker?: string } | { kind: 'runs' };
function watchRunReads(): { reads: RunRead[]; stop(): void } {
  const reads: RunRead[] = [];
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes('/blade-task/task/runs?')) reads.push({ kind: 'runs' });
  };
  const onResponse = (response: { url(): string; json(): Promise<unknown> }) => {
    if (!response.url().includes('/blade-task/task/run-progress?')) return;
    // Its place is taken on arrival; the marker is filled in once its body is read.
    const read: RunRead = { kind: 'progress' };
    reads.push(read);
    void response.json().then((body) => (read.marker = (body as { data?: { marker?: string } }).data?.marker)).catch(() => undefined);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  return {
    reads,
    stop() {
      page.off('request', onRequest);
      page.off('response', onResponse);
    },
  };
}

const runControls = () => page.getByTestId('run-controls');
const runButton = (label: string) => runControls().getByRole('button', { name: new RegExp(label.split('').join('\\s*')) });
/** The run status the drawer's basic info shows (a read-only field, re-read while the run goes). */
const shownRunStatus = (tasks: CrudPage) =>
  tasks.section('基本信息').locator('.ant-form-item').filter({ hasText: '运行状态' }).locator('.crud-view-value').innerText();

describe('a task run from its drawer', () => {
  let taskId: string;

  it('logs in', async () => {
    await insertDemoCases();
    await loginAs(page, opened.product);
  });

  it('creates the task in its drawer, its three audited cases picked at once', async () => {
    const tasks = new CrudPage(page, opened.product.url, '/test/task');
    await tasks.open('/new');
    await tasks.form.waitFor();
    await tasks.form.getByLabel('任务编号', { exact: true }).fill(TASK_CODE);
    await tasks.form.getByLabel('任务名称', { exact: true }).fill('演示运行任务');
    const module = tasks.form.locator('.ant-form-item').filter({ has: page.locator('label:text-is("功能模块")') }).first();
    await module.locator('.ant-select').click();
    await page.locator('.ant-cascader-menu-item').first().click();
    await page.locator('.ant-cascader-menu').nth(1).locator('.ant-cascader-menu-item').first().click();
    await page.locator('.ant-drawer-title').click();
    const children = tasks.section('子任务及测试用例');
    await children.getByRole('button', { name: /批量选择测试用例/ }).click();
    const picker = page.locator('.ant-modal-content').filter({ hasText: '批量选择测试用例' });
    const casePicker = picker.locator('.crud-multi-picker');
    await chooseOption(casePicker, 'E2E-CASE-1', 'E2E-CASE');
    for (const index of [2, 3]) await (await optionOf(casePicker, `E2E-CASE-${index}`)).click();
    await picker.locator('.ant-modal-title').click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    // Each picked case is a row with its title filled in.
    await children.getByText(SCRIPTS[1][0]).waitFor();
    expect(await children.locator('.crud-child-rows').first().locator('.ant-table-row').count()).toBe(3);
    await snap(page, 'task-run-cases-picked');
    await tasks.form.locator('.ant-drawer-footer').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').waitFor();
    taskId = await idOf('blade_task', 'task_code', TASK_CODE);
    const links = await db().query('SELECT 1 FROM blade_task_test_case WHERE task_id = $1 AND is_deleted = 0', [taskId]);
    expect(links).toHaveLength(3);
  });

  it('picks a terminal in the radio table, saves it, and shows its tool chain and test object', async () => {
    const tasks = new CrudPage(page, opened.product.url, '/test/task');
    await tasks.open(`/${taskId}/edit`);
    await tasks.form.waitFor();
    // Saved without a type, the task comes back with -1 (Blade's null): its select is empty, not "-1".
    const type = tasks.form.locator('.ant-form-item').filter({ has: page.locator('label:text-is("任务类型")') }).first();
    await type.getByText('请选择任务类型').waitFor();
    expect(await type.locator('.ant-select-selection-item').count()).toBe(0);
    const terminal = tasks.section('终端信息');
    await terminal.getByText('未选择终端').waitFor();
    await tasks.section('工具链').getByText('请先在终端信息中选择终端').waitFor();
    // Ten terminals a page (spec §9); a search by code narrows the list.
    await terminal.locator('.ant-table-row').nth(9).waitFor();
    expect(await terminal.locator('.ant-table-row').count()).toBe(10);
    await terminal.getByPlaceholder('请输入终端编号').fill(TERMINAL_CODE);
    await terminal.getByPlaceholder('请输入终端编号').press('Enter');
    await expect.poll(() => terminal.locator('.ant-table-row').count()).toBe(1);
    await terminal.locator('.ant-table-row').filter({ hasText: TERMINAL_CODE }).locator('.ant-radio-input').check();
    await terminal.getByText(`${TERMINAL_CODE} · 测试机柜A-01`).waitFor();
    // The tool chain and test object follow the pick at once, before saving.
    await tasks.section('工具链').getByText('TD-OSC-01').waitFor();
    await tasks.section('测试对象信息').getByText('TO-METER-01').waitFor();
    await snap(page, 'task-run-terminal-picked');
    await tasks.form.locator('.ant-drawer-footer').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('更新成功').waitFor();
    const [saved] = await db().query<{ terminal: string }>('SELECT terminal_id::text AS terminal FROM blade_task WHERE id = $1', [taskId]);
    expect(saved.terminal).toBe(await idOf('blade_terminal', 'terminal_code', TERMINAL_CODE));
    // Reopened, the drawer shows the stored terminal's tool chain.
    await tasks.open(`/${taskId}`);
    await tasks.form.waitFor();
    await tasks.section('终端信息').getByText(TERMINAL_CODE).first().waitFor();
    await tasks.section('工具链').getByText('TD-DMM-01').waitFor();
    await tasks.close();
  });

  it('issues an agent token on the terminal screen, shown once with the command that starts the agent', async () => {
    const terminals = new CrudPage(page, opened.product.url, '/test/terminal');
    await terminals.open(`/${await idOf('blade_terminal', 'terminal_code', TERMINAL_CODE)}/edit`);
    const block = page.getByTestId('agent-block');
    await block.locator('.ant-descriptions').waitFor();
    // A token the seed may have issued is replaced, after a confirmation.
    const reissue = block.getByRole('button', { name: /重新签发令牌/ });
    if (await reissue.isVisible()) {
      await reissue.click();
      await confirmDialogOk(page);
    } else {
      await block.getByRole('button', { name: /签发令牌/ }).click();
    }
    await page.getByText('令牌已签发', { exact: true }).waitFor();
    const token = (await page.getByTestId('agent-token').innerText()).trim();
    expect(token.length).toBeGreaterThan(20);
    // The bench's two commands: fetch the one-file agent (no token), run it with the token in the environment.
    expect(await page.getByTestId('agent-fetch-command').innerText()).toContain(`curl -fsSO ${opened.product.url}/agent/agent.mjs`);
    const command = await page.getByTestId('agent-command').innerText();
    expect(command).toContain(`BLADE_AGENT_TOKEN=${token} node agent.mjs --server ${opened.product.url} --terminal ${TERMINAL_CODE}`);
    await block.getByText('已签发').waitFor();
    await snap(page, 'task-run-agent-token');
    await terminals.close();

    agentToken = token;
  });

  it('starts the run with 开始, pauses and resumes it, and watches it finish', { timeout: 120_000 }, async () => {
    const tasks = new CrudPage(page, opened.product.url, '/test/task');
    await tasks.open(`/${taskId}/edit`);
    await tasks.form.waitFor();
    await runControls().getByText('尚未运行').waitFor();
    expect(await runButton('开始').isEnabled()).toBe(true);
    expect(await runButton('暂停').isDisabled()).toBe(true);
    expect(await runButton('结束').isDisabled()).toBe(true);
    await snap(page, 'task-run-before-start');

    await runButton('开始').click();
    await confirmDialogOk(page);
    await page.getByText('任务已开始执行').waitFor();
    // No agent is up yet: the run waits, queued, however slowly this machine goes; the drawer follows without a reload.
    await expect.poll(() => shownRunStatus(tasks), { timeout: 15_000 }).toBe('排队中');
    expect(await runButton('开始').isDisabled()).toBe(true);
    await runButton('暂停').click();
    await page.getByText('任务已暂停').waitFor();
    await expect.poll(() => shownRunStatus(tasks), { timeout: 10_000 }).toBe('已暂停');
    await runButton('继续').waitFor();
    expect(await runButton('结束').isEnabled()).toBe(true);
    await snap(page, 'task-run-paused');
    // An agent that comes up while the run is paused takes none of its cases.
    await startAgent(agentToken);
    const taken = await db().query(
      "SELECT 1 FROM blade_task_run_case c JOIN blade_task_run r ON r.id = c.run_id WHERE r.task_code = $1 AND c.case_status <> 'pending'",
      [TASK_CODE],
    );
    expect(taken).toEqual([]);
    await runButton('继续').click();
    await page.getByText('任务已继续').waitFor();
    await expect.poll(() => shownRunStatus(tasks), { timeout: 10_000 }).toMatch(/排队中|运行中/);
    // From here the drawer follows the run by its progress alone.
    const watched = watchRunReads();
    await runControls().getByText(/已用时 \d+ 秒/).waitFor();
    // The user edits the task while the drawer follows the run: typed slowly, across the drawer's re-reads.
    const name = tasks.form.getByLabel('任务名称', { exact: true });
    await name.clear();
    await name.pressSequentially(TYPED_NAME, { delay: 120 });
    await snap(page, 'task-run-running');

    // Pass and fail are quick; the slow case ends at the time limit. One case failed, so the run ends 已失败.
    await expect.poll(() => shownRunStatus(tasks), { timeout: (TIME_LIMIT_SECONDS + 40) * 1000, interval: 1000 }).toBe('已失败');
    await runControls().getByText('用例 3/3').waitFor();
    watched.stop();
    // The progress was polled every cycle, the runs list only after the progress moved: a read of the runs follows a
    // change of the marker in one of the two answers before it (the task's re-read may key the list anew once more).
    const { reads } = watched;
    const progress = reads.filter((read) => read.kind === 'progress');
    const changed = progress.filter((read, index) => index > 0 && read.marker !== progress[index - 1].marker).length;
    const unprompted = reads.filter((read, index) => {
      if (read.kind !== 'runs') return false;
      const before = reads.slice(0, index).filter((earlier) => earlier.kind === 'progress');
      if (before.length < 3) return false;
      const [a, b, c] = before.slice(-3).map((earlier) => (earlier as { marker?: string }).marker);
      return a === b && b === c;
    });
    const summary = JSON.stringify(reads);
    expect(progress.length, summary).toBeGreaterThanOrEqual(3);
    // Cycles in which nothing moved read nothing but the progress.
    expect(progress.length - 1 - changed, summary).toBeGreaterThan(0);
    expect(unprompted, summary).toEqual([]);
    // The run's progress moved on (status, cases) and what the user typed is still there, unsaved.
    expect(await name.inputValue()).toBe(TYPED_NAME);
    await snap(page, 'task-run-typed-kept');
    expect(await runButton('开始').isEnabled()).toBe(true);
    const duration = await tasks.section('基本信息').locator('.ant-form-item').filter({ hasText: '持续时长' }).innerText();
    expect(duration).toMatch(/\d+/);
  });

  it('opens the report: summary, pass-rate donut, trend and the per-case table with logs', async () => {
    const tasks = new CrudPage(page, opened.product.url, '/test/task');
    const reports = tasks.section('测试报告');
    const row = reports.locator('.task-reports .ant-table-row').first();
    await row.waitFor();
    // The summary is counted in the reader's language.
    expect(await row.innerText()).toContain('1 通过 / 2 未通过,共 3');
    await row.click();
    const modal = page.locator('.run-report-modal .ant-modal-content');
    await modal.waitFor();
    await modal.locator('.run-summary').getByText('已失败').waitFor();
    // The donut's legend counts the outcomes.
    const legend = modal.locator('.chart__legend');
    await legend.getByText('通过').waitFor();
    await legend.getByText('失败').waitFor();
    await legend.getByText('超时').waitFor();
    expect(await modal.locator('.chart__total').first().innerHTML()).toBe('3');
    const cases = modal.locator('.run-cases .ant-table-row');
    await expect.poll(() => cases.count()).toBe(3);
    await cases.filter({ hasText: 'E2E-CASE-1' }).locator('.ant-tag', { hasText: '通过' }).waitFor();
    await cases.filter({ hasText: 'E2E-CASE-2' }).locator('.ant-tag', { hasText: '失败' }).waitFor();
    await cases.filter({ hasText: 'E2E-CASE-3' }).locator('.ant-tag', { hasText: '超时' }).waitFor();
    // Each case names the terminal that took it.
    const headers = await modal.locator('.run-cases thead th').allInnerTexts();
    const terminalColumn = headers.findIndex((text) => text.trim() === '执行终端');
    expect(terminalColumn, headers.join('|')).toBeGreaterThan(0);
    for (const index of [0, 1, 2]) expect(await cases.nth(index).locator('td').nth(terminalColumn).innerText()).toBe(TERMINAL_CODE);
    // A case's output opens under its row.
    await cases.filter({ hasText: 'E2E-CASE-2' }).locator('.ant-table-row-expand-icon').click();
    await modal.locator('pre.run-log').filter({ hasText: 'boom' }).waitFor();
    // The file its script left in its output folder is listed with the case, and downloads.
    const attachment = cases.filter({ hasText: 'E2E-CASE-2' }).getByRole('button', { name: /evidence\.txt/ });
    const [download] = await Promise.all([page.waitForEvent('download'), attachment.click()]);
    expect(download.suggestedFilename()).toBe('evidence.txt');
    expect(await readFile(await download.path(), 'utf8')).toBe('what went wrong');
    await snap(page, 'task-run-report');
    await modal.getByRole('button', { name: /close|关闭/i }).first().click();
    await modal.waitFor({ state: 'hidden' });
    await tasks.close();
  });

  it('shows the run on the execution record with its per-case logs', async () => {
    const records = new CrudPage(page, opened.product.url, '/test/taskrecord');
    await records.open(`?taskCode=${TASK_CODE}`);
    // The record's task code opens its run (the record's view route needs a button this menu-less screen lacks).
    await records.row(TASK_CODE).getByRole('button', { name: TASK_CODE }).click();
    const modal = page.locator('.run-report-modal .ant-modal-content');
    await modal.waitFor();
    const cases = modal.locator('.run-cases .ant-table-row');
    await expect.poll(() => cases.count()).toBe(3);
    await cases.filter({ hasText: 'E2E-CASE-1' }).locator('.ant-table-row-expand-icon').click();
    // Polled over every shown log, so that a failure says what was shown instead (no log open, or another text),
    // beside what the database holds for the run's cases.
    const storedLogs = async () =>
      JSON.stringify(await db().query('SELECT c.case_code, c.case_status, c.log FROM blade_task_run_case c JOIN blade_task_run r ON r.id = c.run_id WHERE r.task_code = $1 ORDER BY c.sort', [TASK_CODE]).catch((error: unknown) => String(error)));
    const shownLogs = () => modal.locator('pre.run-log').allInnerTexts();
    try {
      await expect.poll(shownLogs, { timeout: 15_000 }).toContainEqual(expect.stringContaining('hello from the passing case'));
    } catch (error) {
      await snap(page, 'task-run-record-failed');
      throw new Error(`${(error as Error).message}\nstored: ${await storedLogs()}`);
    }
    await snap(page, 'task-run-record');
  });
});
