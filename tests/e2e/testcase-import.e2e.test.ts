import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from './browser';
import { CrudPage } from './crudPage';
import { loginAs, useProductPage, type ProductPage } from './product';

let opened: ProductPage;
let page: Page;
useProductPage((product) => {
  opened = product;
  page = product.page;
});

const HEADERS = ['用例编号', '用例标题', '功能模块', '优先级', '用例归属', '所属项目', '审核状态', '测试目的', '前置条件', '测试步骤', '预期结果', '脚本编号'];
const PREFIX = `E2E-IMP-${Date.now().toString(36)}`;

async function searchCode(code: string) {
  const search = page.locator('form.crud-search');
  await search.getByLabel('用例编号').fill(code);
  await search.getByRole('button', { name: /搜\s*索/ }).click();
}

async function sheetRows(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? ''))));
  return rows;
}

async function casesFile(): Promise<Buffer> {
  const db = opened.product.server.db;
  const [script] = await db.query<{ code: string }>(
    "SELECT script_code AS code FROM blade_test_script WHERE tenant_id = '000000' AND audit_status = 1 AND is_deleted = 0 ORDER BY id LIMIT 1",
  );
  const [module] = await db.query<{ path: string }>(
    `SELECT p.type_name || '/' || c.type_name AS path FROM blade_module_type c JOIN blade_module_type p ON p.id = c.parent_id
     WHERE c.tenant_id = '000000' AND c.is_deleted = 0 AND p.is_deleted = 0 ORDER BY c.id LIMIT 1`,
  );
  const row = (code: string, title: string) => [code, title, module.path, '高', '公共', '', '', '验证导入', '', '', '', script.code];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用例');
  sheet.addRow(HEADERS);
  sheet.addRow(row(`${PREFIX}-1`, '浏览器导入一'));
  sheet.addRow(row(`${PREFIX}-2`, ''));
  sheet.addRow(row(`${PREFIX}-3`, '浏览器导入三'));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('test-case import and export in the browser', () => {
  it('logs in', async () => {
    await loginAs(page, opened.product);
  });

  it('downloads the template, checks a 3-row file with one bad row, reads the error, confirms and lists the 2 cases', async () => {
    const cases = new CrudPage(page, opened.product.url, '/test/testcase');
    await cases.open();
    await page.locator('[data-operation="import"]').click();
    const dialog = page.locator('.import-cases-dialog .ant-modal-content');
    await dialog.waitFor();

    const [template] = await Promise.all([page.waitForEvent('download'), dialog.locator('[data-action="template"]').click()]);
    const templateRows = await sheetRows(await template.path());
    expect(templateRows[0].map((header) => header.replace(/^\*/, ''))).toEqual(HEADERS);

    await dialog.locator('input[type="file"]').setInputFiles({
      name: '用例导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await casesFile(),
    });
    await dialog.locator('[data-result="summary"]').getByText(/共 3 行，有效 2 行/).waitFor();
    const errorRow = dialog.locator('.ant-table-row').first();
    await errorRow.getByText('用例标题').waitFor();
    expect(await errorRow.innerText()).toMatch(/3\s+用例标题\s+不能为空/);
    await snap(page, 'testcase-import-check');

    await dialog.getByRole('button', { name: /确认导入/ }).click();
    await page.getByText('已导入 2 条用例').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await searchCode(PREFIX);
    await cases.row(`${PREFIX}-1`).waitFor();
    await cases.row(`${PREFIX}-3`).waitFor();
    expect(await cases.row(`${PREFIX}-2`).count()).toBe(0);
    await snap(page, 'testcase-imported');
  });

  it('shows the bad row in the import-check log and its detail', async () => {
    const log = new CrudPage(page, opened.product.url, '/test/importcheck');
    await log.open();
    const check = log.row('第3行「用例标题」: 不能为空').filter({ hasText: '导入检查' }).first();
    await check.waitFor();
    await snap(page, 'importcheck-list');
    await check.getByRole('button', { name: /查\s*看/ }).click();
    await log.form.waitFor();
    await log.form.locator('.import-check-errors').getByText('第3行「用例标题」: 不能为空').waitFor();
    await snap(page, 'importcheck-detail');
    await log.close();
  });

  it('exports the filtered cases as an .xlsx and lists the export in the checklist', async () => {
    const cases = new CrudPage(page, opened.product.url, '/test/testcase');
    await cases.open();
    await searchCode(PREFIX);
    await cases.row(`${PREFIX}-1`).waitFor();
    await expect.poll(() => cases.table.locator('.ant-table-row').count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-operation="export"]').click()]);
    expect(download.suggestedFilename()).toMatch(/^测试用例_\d{14}\.xlsx$/);
    const rows = await sheetRows(await download.path());
    expect(rows[0][0]).toBe('用例编号');
    expect(rows.slice(1).map((row) => [row[0], row[3]]).sort()).toEqual([
      [`${PREFIX}-1`, '高'],
      [`${PREFIX}-3`, '高'],
    ]);
    const checklist = new CrudPage(page, opened.product.url, '/test/exportchecklist');
    await checklist.open();
    await checklist.row(download.suggestedFilename()).waitFor();
    await snap(page, 'exportchecklist-list');
  });
});
