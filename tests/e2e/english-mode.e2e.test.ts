import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { snap } from './browser';
import { CrudPage, formItem, openDropdown } from './crudPage';
import { loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let page: Page;

useProductPage(async (opened) => {
  ({ product, page } = opened);
  await loginAs(page, product);
  await page.locator('.app-header button').filter({ hasText: 'English' }).click();
  await page.locator('.app-header button[aria-label="Lock screen"]').waitFor();
});

/** The texts of `cells` that the browser draws cut (an ellipsis, or wider than their box). */
function cutTexts(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements.filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent ?? ''),
  );
}

/** The header cells of a list whose box lies (partly) under the fixed action column. */
function headersUnderActions(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll('thead th')];
    const actions = headers.find((header) => header.classList.contains('ant-table-cell-fix-right'));
    if (!actions) return [];
    const left = actions.getBoundingClientRect().left;
    return headers.filter((header) => header !== actions && header.getBoundingClientRect().right > left + 1).map((header) => header.textContent ?? '');
  });
}

describe('English mode', () => {
  it('shows the product dictionaries in English: list tags, search selects, view dialogs', async () => {
    const tasks = new CrudPage(page, product.url, '/test/task');
    await tasks.open();
    const demo = tasks.row('DEMO-RUN-001');
    await demo.getByText('Functional test', { exact: true }).waitFor();
    await demo.getByText('Not started', { exact: true }).waitFor();
    const seededLabels = ['功能测试', '回归测试', '冒烟测试', '性能测试', '稳定性测试', '未开始', '运行中', '已暂停', '已完成'];
    const cells = await tasks.table.locator('tbody td').allInnerTexts();
    expect(cells.filter((text) => seededLabels.includes(text.trim()))).toEqual([]);

    const taskType = page.locator('.crud-search .ant-form-item').filter({ hasText: 'Task type' }).locator('.ant-select');
    const dropdown = await openDropdown(taskType);
    expect(await dropdown.locator('.ant-select-item-option').allInnerTexts()).toEqual([
      'Functional test',
      'Regression test',
      'Smoke test',
      'Performance test',
      'Stability test',
    ]);
    await page.keyboard.press('Escape');

    const testcases = new CrudPage(page, product.url, '/test/testcase');
    await testcases.open();
    await testcases.table.locator('tbody').getByText(/^(High|Medium|Low)$/).first().waitFor();
    await testcases.table.locator('tbody .ant-table-row').first().getByRole('button', { name: 'View' }).click();
    await testcases.form.waitFor();
    // The view draws from the row it was opened with, then from its own read: what stays is what a person reads.
    await expect.poll(() => formItem(testcases.form, 'Priority').innerText()).toMatch(/High|Medium|Low/);
    await snap(page, 'english-testcase-view');
    await page.keyboard.press('Escape');
  });

  it('fits every sidebar entry and every list header, and nothing sits under the action column', async () => {
    const tasks = new CrudPage(page, product.url, '/test/task');
    await tasks.open();
    await page.locator('.app-sider').getByText('Function modules', { exact: true }).waitFor();
    await page.locator('.app-sider').getByText('Import-check logs', { exact: true }).waitFor();
    expect(await cutTexts(page.locator('.app-sider .ant-menu-title-content'))).toEqual([]);
    expect(await cutTexts(tasks.table.locator('thead th'))).toEqual([]);
    await snap(page, 'english-task-list');

    const tenants = new CrudPage(page, product.url, '/system/tenant');
    await tenants.open();
    await tenants.row('000000').waitFor();
    await page.locator('.app-sider').getByText('Business dictionaries', { exact: true }).waitFor();
    expect(await cutTexts(page.locator('.app-sider .ant-menu-title-content'))).toEqual([]);
    expect(await cutTexts(tenants.table.locator('thead th'))).toEqual([]);
    expect(await headersUnderActions(tenants.table)).toEqual([]);
    await snap(page, 'english-tenant-list');
  });
});
