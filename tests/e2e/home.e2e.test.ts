import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDate } from '../../server/blade/serializer';
import { confirmDialogOk, snap } from './browser';
import { loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let page: Page;
/** The `Blade-Auth` header the app sends, reused to ask the list endpoints what the figures should be. */
let bladeAuth = '';

const SABER_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

useProductPage((opened) => {
  ({ product, page } = opened);
  page.on('request', (request) => {
    const header = request.headers()['blade-auth'];
    if (header) bladeAuth = header;
  });
});

/** `data` of a GET against the running server, as the logged-in admin. */
async function apiData(path: string) {
  const response = await fetch(`${product.url}${path}`, { headers: { Authorization: SABER_BASIC, 'Blade-Auth': bladeAuth } });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data;
}

const listTotal = async (path: string) => (await apiData(path)).total as number;
const figureValue = async (key: string) => {
  const value = page.locator(`[data-figure=${key}] .ant-statistic-content-value`);
  await value.waitFor();
  return Number((await value.innerText()).replace(/\D/g, ''));
};
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
const chart = (name: string) => page.getByRole('img', { name: new RegExp(name) });
const sider = () => page.locator('.ant-layout-sider');

async function openFromSider(group: string, item: string, url: RegExp) {
  const entry = sider().getByText(item, { exact: true });
  if (!(await entry.isVisible())) await sider().getByText(group, { exact: true }).click();
  await entry.click();
  await page.waitForURL(url);
  await rows().first().waitFor();
}

describe('home and dashboard with real figures', () => {
  it('logs in; the home cards show what the list endpoints report', async () => {
    await loginAs(page, product);
    await expect.poll(() => bladeAuth).not.toBe('');
    const today = formatDate(new Date());
    const expected = {
      projects: await listTotal('/gateway/blade-project/project/list?current=1&size=1'),
      tasks: await listTotal('/gateway/blade-task/task/list?current=1&size=1'),
      terminals: await listTotal('/gateway/blade-terminal/terminalManagement/page?current=1&size=1'),
      runsToday: await listTotal(
        `/gateway/blade-taskrecord/taskRecord/list?current=1&size=1&executeTime_datege=${encodeURIComponent(`${today} 00:00:00`)}`,
      ),
    };
    expect(expected.projects).toBeGreaterThan(0);
    expect(expected.tasks).toBeGreaterThan(0);
    expect(expected.terminals).toBeGreaterThan(0);
    for (const [key, total] of Object.entries(expected)) {
      await expect.poll(() => figureValue(key), { message: key }).toBe(total);
    }
    await chart('任务运行状态分布').waitFor();
    await chart('近14天执行次数').waitFor();
    await snap(page, 'home-figures');
  });

  it('the home bar chart gives each run status the count the task list filters to', async () => {
    const bars = chart('任务运行状态分布');
    const description = await bars.locator('desc').textContent();
    const runningTotal = await listTotal('/gateway/blade-task/task/list?current=1&size=1&runStatus_equal=1');
    expect(description).toContain(`运行中 ${runningTotal}`);
  });

  it('an entry card opens its screen with its rows, and the home tab brings the figures back', async () => {
    const entry = page.locator('.welcome-page__entry').filter({ hasText: '测试对象' });
    await entry.click();
    await page.waitForURL(/\/test\/testobject(\?|$)/);
    const firstPage = await apiData('/gateway/blade-testobject/testObject/list?current=1&size=10');
    await expect.poll(() => rows().count()).toBe(firstPage.records.length);
    await page.locator('.app-tabs').getByText('首页', { exact: true }).click();
    await page.waitForURL(/\/wel\/index$/);
    await chart('任务运行状态分布').waitFor();
  });

  it('opens the dashboard: three charts and the ten newest task records', async () => {
    await page.getByRole('button', { name: '查看仪表盘' }).click();
    await page.waitForURL(/\/wel\/dashboard/);
    await chart('任务运行状态分布').waitFor();
    await chart('终端运行状态分布').waitFor();
    await chart('近14天执行次数').waitFor();
    const newest = await apiData('/gateway/blade-taskrecord/taskRecord/list?current=1&size=10&descs=execute_time');
    const table = page.locator('.dashboard-page__recent');
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(newest.records.length);
    const firstRow = table.locator('tr.ant-table-row').first();
    expect(await firstRow.innerText()).toContain(newest.records[0].taskCode);
    expect(await firstRow.innerText()).toContain(newest.records[0].executeTime);
    const terminals = await listTotal('/gateway/blade-terminal/terminalManagement/page?current=1&size=1');
    expect(await chart('终端运行状态分布').locator('.chart__total').textContent()).toBe(String(terminals));
    await snap(page, 'dashboard');
  });

  it('opens 项目管理, 任务管理 and 终端管理 from the sidebar and lists the rows their list endpoints answer', async () => {
    const screens = [
      ['项目管理', /\/test\/project/, '/gateway/blade-project/project/list', 'projectCode', 'project-list'],
      ['任务管理', /\/test\/task(\?|$)/, '/gateway/blade-task/task/list', 'taskCode', 'task-list'],
      ['终端管理', /\/test\/terminal/, '/gateway/blade-terminal/terminalManagement/page', 'terminalCode', 'terminal-list'],
    ] as const;
    for (const [item, url, api, codeField, shot] of screens) {
      await openFromSider('测试管理', item, url);
      const firstPage = await apiData(`${api}?current=1&size=10`);
      await expect.poll(() => rows().count(), { message: item }).toBe(firstPage.records.length);
      await rows().filter({ hasText: firstPage.records[0][codeField] }).waitFor();
      await page.getByText(`共 ${firstPage.total} 条`).waitFor();
      await snap(page, shot);
    }
  });

  it('adds a project in the 90% drawer; the home figure counts it', async () => {
    await openFromSider('测试管理', '项目管理', /\/test\/project/);
    const before = await listTotal('/gateway/blade-project/project/list?current=1&size=1');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-drawer-content').filter({ has: page.locator('form') });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    // The status select's placeholder reads the same as its required message: count the messages only.
    const errors = drawer.locator('.ant-form-item-explain-error');
    await expect.poll(() => errors.filter({ hasText: /^请选择项目状态$/ }).count()).toBe(1);
    await expect.poll(() => errors.filter({ hasText: /^请选择负责人$/ }).count()).toBe(1);
    await snap(page, 'project-drawer-required');
    await drawer.getByLabel('项目编号').fill('PRJ-E2E-001');
    await drawer.getByLabel('项目名称').fill('端到端看板项目');
    await drawer.getByLabel('项目状态').click();
    await page.locator('.ant-select-dropdown:visible').getByText('进行中', { exact: true }).click();
    // The manager is a user picked by name.
    await drawer.locator('.ant-form-item').filter({ has: page.locator('label:text-is("负责人")') }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText('管理员', { exact: true }).click();
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message, .ant-notification').getByText('新增成功', { exact: true }).waitFor();
    await page.locator('.ant-table-tbody tr').filter({ hasText: 'PRJ-E2E-001' }).waitFor();
    expect(await listTotal('/gateway/blade-project/project/list?current=1&size=1')).toBe(before + 1);

    await page.goto(`${product.url}/wel/index`);
    await expect.poll(() => figureValue('projects')).toBe(before + 1);
  });

  it('searches, edits, views and deletes that project; the home figure follows', async () => {
    await openFromSider('测试管理', '项目管理', /\/test\/project/);
    const projectRow = (text: string) => page.locator('.ant-table-tbody tr').filter({ hasText: text });
    const search = page.locator('form').filter({ has: page.getByRole('button', { name: /搜\s*索/ }) });
    await search.getByLabel('项目名称').fill('端到端看板');
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => rows().count()).toBe(1);
    await projectRow('PRJ-E2E-001').waitFor();
    await search.getByRole('button', { name: /清\s*空/ }).click();
    const total = await listTotal('/gateway/blade-project/project/list?current=1&size=1');
    await expect.poll(() => rows().count()).toBe(Math.min(10, total));

    await projectRow('PRJ-E2E-001').getByText('编辑', { exact: true }).click();
    const drawer = page.locator('.ant-drawer-content').filter({ has: page.locator('form') });
    await expect.poll(() => drawer.getByLabel('项目名称').inputValue()).toBe('端到端看板项目');
    await drawer.getByLabel('项目名称').fill('端到端看板项目（改）');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message, .ant-notification').getByText('更新成功', { exact: true }).waitFor();
    await projectRow('端到端看板项目（改）').waitFor();

    await projectRow('PRJ-E2E-001').getByText('查看', { exact: true }).click();
    const view = page.locator('.ant-drawer-content').filter({ hasText: '端到端看板项目（改）' });
    await view.waitFor();
    expect(await view.locator('input:not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly])').count()).toBe(0);
    await snap(page, 'project-view');
    await view.locator('.ant-drawer-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await view.waitFor({ state: 'hidden' });

    const before = await listTotal('/gateway/blade-project/project/list?current=1&size=1');
    await projectRow('PRJ-E2E-001').getByText('删除', { exact: true }).click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await confirmDialogOk(page);
    await page.locator('.ant-message, .ant-notification').getByText('删除成功', { exact: true }).waitFor();
    await expect.poll(() => projectRow('PRJ-E2E-001').count()).toBe(0);
    await page.goto(`${product.url}/wel/index`);
    await expect.poll(() => figureValue('projects')).toBe(before - 1);
  });

  it('adds a task through mainTaskSubmit; the home figure counts it', async () => {
    await openFromSider('测试管理', '任务管理', /\/test\/task(\?|$)/);
    const before = await listTotal('/gateway/blade-task/task/list?current=1&size=1');
    const submits: string[] = [];
    const record = (request: { url(): string }) => {
      if (request.url().includes('/gateway/blade-task/task/')) submits.push(request.url());
    };
    page.on('request', record);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-drawer-content').filter({ has: page.locator('form') });
    await drawer.getByLabel('任务编号').fill('TASK-E2E-1');
    await drawer.getByLabel('任务名称').fill('端到端任务');
    // The module is picked in the cascader of the module tree.
    await drawer.locator('.ant-form-item').filter({ has: page.locator('label:text-is("功能模块")') }).locator('.ant-select').click();
    await page.locator('.ant-cascader-menu-item', { hasText: '通信模块' }).first().click();
    await page.locator('.ant-cascader-menu-item', { hasText: '协议栈' }).first().click();
    await page.locator('.ant-drawer-title').click();
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message, .ant-notification').getByText('新增成功', { exact: true }).waitFor();
    page.off('request', record);
    expect(submits.some((url) => url.includes('/task/mainTaskSubmit'))).toBe(true);
    await page.locator('.ant-table-tbody tr').filter({ hasText: 'TASK-E2E-1' }).waitFor();
    await page.goto(`${product.url}/wel/index`);
    await expect.poll(() => figureValue('tasks')).toBe(before + 1);
  });

  it('opens the task records by their route (no menu entry): rows, and no add button', async () => {
    await page.goto(`${product.url}/test/taskrecord`);
    await rows().first().waitFor();
    expect(await page.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    await snap(page, 'taskrecord-list');
  });
});
