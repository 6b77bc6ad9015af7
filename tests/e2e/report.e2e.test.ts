import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextId } from '../../server/blade/ids';
import { formatDateTime } from '../../server/blade/serializer';
import { snap } from './browser';
import { CrudPage } from './crudPage';
import { ADMIN_PASSWORD, apiCall, apiLogin, loginAs, useProductPage, type ProductPage } from './product';

/**
 * 报表管理 as a test lead uses it: a pass-rate report over runs of the last days opens from the list in the iframe
 * route, shows its chart and table, exports as xlsx and opens a failed case's log; a run's record exports JUnit XML.
 */

const REPORT_NAME = '近30天项目通过率';
const PROJECTS = ['支付项目', '账户项目'];

let opened: ProductPage;
let page: Page;
const recordId = nextId();

useProductPage((product) => {
  opened = product;
  page = product.page;
});

/** Two projects' runs today: 支付项目 3 of 4 cases passed, 账户项目 1 of 2, one with a failing case's log. */
async function seedRuns() {
  const db = opened.product.server.db;
  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row);
    return db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
  };
  const now = formatDateTime(new Date());
  const t = '000000';
  const terminalId = nextId();
  await insert('blade_terminal', { id: terminalId, tenant_id: t, terminal_code: 'RPT-TM-1', terminal_name: '报表终端' });
  for (const [index, projectName] of PROJECTS.entries()) {
    const projectId = nextId();
    const taskId = nextId();
    const runId = nextId();
    await insert('blade_project', { id: projectId, tenant_id: t, project_name: projectName, project_code: `RPT-P${index}` });
    await insert('blade_task', { id: taskId, tenant_id: t, task_code: `RPT-TASK-${index}`, task_name: `${projectName}回归`, project_id: projectId, terminal_id: terminalId, parent_id: 0, run_status: 4 });
    await insert('blade_task_run', {
      id: runId, tenant_id: t, task_id: taskId, task_code: `RPT-TASK-${index}`, terminal_id: terminalId, terminal_code: 'RPT-TM-1', run_status: 4,
      time_limit_seconds: 600, start_time: now, end_time: now, executor: '管理员', record_id: index === 0 ? recordId : null,
      test_object_code: 'DUT-9', baseline_version: 'V3.1.0',
    });
    if (index === 0) {
      await insert('blade_task_record', { id: recordId, tenant_id: t, project_code: 'RPT-P0', task_code: 'RPT-TASK-0', terminal_code: 'RPT-TM-1', execution_status: 3, executor: '管理员', execute_time: now });
    }
    const outcomes = index === 0 ? ['passed', 'passed', 'passed', 'failed'] : ['passed', 'timeout'];
    for (const [sort, status] of outcomes.entries()) {
      await insert('blade_task_run_case', {
        id: nextId(), tenant_id: t, run_id: runId, terminal_id: terminalId, test_case_id: nextId(), case_code: `RPT-C${index}${sort}`,
        case_title: `${projectName}用例${sort + 1}`, script_key: `script/rpt-${index}-${sort}.py`, sort: sort + 1, case_status: status,
        duration_ms: 1200 * (sort + 1), message: status === 'passed' ? null : '断言失败: 余额不符', started_at: now, ended_at: now,
        log: status === 'passed' ? 'ok' : 'Traceback (most recent call last):\nAssertionError: 余额不符 expected 100 got 90',
      });
    }
  }
}

const sheetRows = async (path: string) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe('报表管理', () => {
  it('opens a pass-rate report from the list in the iframe route and exports it', async () => {
    await seedRuns();
    const token = await apiLogin(opened.product, 'admin', ADMIN_PASSWORD);
    const saved = await apiCall(opened.product, token, '/api/blade-report/report/rest/submit', { reportName: REPORT_NAME, reportKind: 'passRateByProject', recentDays: 30 });
    expect(saved.body).toMatchObject({ code: 200 });

    await loginAs(page, opened.product);
    const reports = new CrudPage(page, opened.product.url, '/report/reportadmin');
    await reports.open();
    await reports.row(REPORT_NAME).waitFor();
    await snap(page, 'report-list');
    await reports.row(REPORT_NAME).getByText(REPORT_NAME).click();
    await page.waitForURL(/\/myiframe\//);
    // The viewer is embedded with the token as the blade-auth query parameter.
    const src = await page.locator('iframe.iframe-page').getAttribute('src');
    expect(src).toMatch(/^\/report\/view\/\d+\?blade-auth=bearer\+/);
    // Its tab is titled as the screen: the token never shows in the layout.
    await expect.poll(() => page.locator('body').innerText()).not.toContain('blade-auth');

    const viewer = page.frameLocator('iframe.iframe-page');
    await viewer.getByRole('heading', { name: REPORT_NAME }).waitFor();
    const chart = viewer.getByRole('img', { name: /项目通过率/ });
    await expect.poll(async () => chart.locator('desc').textContent()).toBe('项目通过率: 账户项目 50%, 支付项目 75%');
    const table = viewer.locator('.report-viewer__table');
    await expect.poll(() => table.locator('.ant-table-row').allInnerTexts()).toEqual([
      expect.stringMatching(/账户项目\s+1\s+2\s+1\s+1\s+50\.0%/),
      expect.stringMatching(/支付项目\s+1\s+4\s+3\s+1\s+75\.0%/),
    ]);
    await page.locator('iframe.iframe-page').evaluate((frame: HTMLIFrameElement) => {
      // The embedded page's own height, so the screenshot shows it whole.
      frame.style.height = `${frame.contentDocument?.documentElement.scrollHeight ?? 900}px`;
    });
    await snap(page, 'report-viewer');

    const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe(`${REPORT_NAME}.xlsx`);
    expect(await sheetRows((await download.path())!)).toEqual([
      ['项目', '执行次数', '用例数', '通过', '未通过', '通过率(%)'],
      ['账户项目', 1, 2, 1, 1, 50],
      ['支付项目', 1, 4, 3, 1, 75],
    ]);

    // A case that did not pass opens its log.
    const failures = viewer.locator('.report-viewer__failures');
    await failures.locator('.ant-table-row').filter({ hasText: '账户项目用例2' }).getByRole('button', { name: '查看日志' }).click();
    const log = viewer.locator('.report-log-dialog .run-log');
    await expect.poll(() => log.textContent()).toContain('AssertionError: 余额不符 expected 100 got 90');
    await snap(page, 'report-case-log');
  });

  it('exports a run from its record as JUnit XML', async () => {
    await page.goto(`${opened.product.url}/test/taskrecord`);
    const records = new CrudPage(page, opened.product.url, '/test/taskrecord');
    await records.table.waitFor();
    await records.row('RPT-TASK-0').locator('.task-record-run-link').click();
    const dialog = page.locator('.run-report-modal');
    await dialog.getByText('DUT-9 · V3.1.0').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '导出 JUnit' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^RPT-TASK-0-\d{14}\.xml$/);
    const xml = await readFile((await download.path())!, 'utf8');
    expect(xml).toContain('<testsuite name="RPT-TASK-0" tests="4" failures="1" errors="0" skipped="0"');
    expect(xml).toContain('<property name="versionUnderTest" value="V3.1.0"/>');
  });
});
