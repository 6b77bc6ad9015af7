import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmDialogOk, snap } from './browser';
import { CrudPage, formItem, openDropdown } from './crudPage';
import { loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let page: Page;

useProductPage((opened) => ({ product, page } = opened));

const toast = (text: string) => page.locator('.ant-message, .ant-notification').getByText(text, { exact: true });
const button = (name: string) => new RegExp(name.split('').join('\\s*'));
/** The open modal form (an item's), above any drawer. */
const modal = () => page.locator('.ant-modal-content').filter({ has: page.locator('form') }).last();
const sider = () => page.locator('.ant-layout-sider');

/** Goes through the sidebar, as a person does: the page is never reloaded. */
async function openMenu(group: string, name: string, url: RegExp) {
  // The sidebar, drawn after the page (a reload too), opens the current page's group itself: decide only once it has,
  // or a click meant to open the group closes it.
  await sider().locator('.ant-menu-item-selected').first().waitFor();
  const entry = sider().getByText(name, { exact: true });
  if (!(await entry.isVisible())) await sider().getByText(group, { exact: true }).click();
  await entry.click();
  await page.waitForURL(url);
}

/** The options the status select of the project form offers. */
async function projectStatusOptions(): Promise<string[]> {
  await openMenu('测试管理', '项目管理', /\/test\/project/);
  const projects = new CrudPage(page, product.url, '/test/project');
  await projects.table.waitFor();
  await page.locator('.crud-toolbar').getByRole('button', { name: button('新增') }).click();
  await projects.form.waitFor();
  const dropdown = await openDropdown(formItem(projects.form, '项目状态').locator('.ant-select').first());
  const options = dropdown.locator('.ant-select-item-option');
  await options.first().waitFor();
  const texts = await options.allInnerTexts();
  await snap(page, 'dicts-project-status-select');
  await page.keyboard.press('Escape');
  await projects.close();
  return texts;
}

async function searchCode(code: string) {
  const search = page.locator('form.crud-search').first();
  await search.getByLabel('字典编号').fill(code);
  await search.getByRole('button', { name: button('搜索') }).click();
}

describe('字典管理 end to end', () => {
  it('logs in, and the project form offers the seeded project states', async () => {
    await loginAs(page, product);
    const options = await projectStatusOptions();
    expect(options).toEqual(expect.arrayContaining(['未开始', '进行中', '已完成']));
    expect(options).not.toContain('验收中');
  });

  it('adds a project_status item in 字典管理 → 字典配置 (toast), with the dictionary code filled in', async () => {
    // A mark on this document: it is still there later only if the page was never loaded again.
    await page.evaluate(() => Object.assign(window, { dictsNotReloaded: true }));
    await openMenu('系统管理', '字典管理', /\/system\/dict(\?|$)/);
    const dicts = new CrudPage(page, product.url, '/system/dict');
    await page.locator('.crud-page[data-resource="dict"] .ant-table-row').first().waitFor();
    await snap(page, 'dicts-list');
    await searchCode('project_status');
    await expect.poll(() => dicts.row('项目状态').count()).toBe(1);
    await dicts.row('项目状态').getByRole('button', { name: button('字典配置') }).click();
    await page.waitForURL(/\/system\/dict\/\d+\/items/);
    const drawer = page.locator('.dict-items-drawer');
    await expect.poll(() => drawer.locator('.ant-table-row').filter({ hasText: '进行中' }).count()).toBe(1);
    await snap(page, 'dicts-items');

    await drawer.getByRole('button', { name: button('新增') }).click();
    await page.waitForURL(/\/items\/new/);
    const form = modal();
    await form.waitFor();
    await expect.poll(() => form.locator('.crud-view-value').first().innerText()).toBe('project_status');
    await form.getByRole('button', { name: button('确定') }).click();
    await expect.poll(() => form.getByText('请输入字典键值').count()).toBe(1);
    await expect.poll(() => form.getByText('请输入字典名称').count()).toBe(1);
    await form.getByLabel('字典键值').fill('9');
    await form.getByLabel('字典名称').fill('验收中');
    await form.getByLabel('字典排序').fill('9');
    await snap(page, 'dicts-item-form');
    await form.getByRole('button', { name: button('确定') }).click();
    await expect.poll(() => toast('新增成功').count()).toBeGreaterThan(0);
    await expect.poll(() => drawer.locator('.ant-table-row').filter({ hasText: '验收中' }).count()).toBe(1);
    await page.waitForURL(/\/items(\?|$)/);
    await drawer.locator('.ant-drawer-close').click();
    await page.waitForURL(/\/system\/dict(\?|$)/);
  });

  it('the project form and the project list filter offer the new state at once, without a reload', async () => {
    const options = await projectStatusOptions();
    expect(options).toContain('验收中');
    const filter = page.locator('form.crud-search').getByLabel('项目状态');
    await filter.click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '验收中' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (window as { dictsNotReloaded?: boolean }).dictsNotReloaded)).toBe(true);
  });

  it('edits an item in /dict-horizontal/index: the dictionaries on the left, the picked one’s items on the right', async () => {
    await openMenu('系统管理', '字典管理(横)', /\/dict-horizontal\/index/);
    const layout = page.locator('.dict-layout--horizontal');
    await layout.waitFor();
    await snap(page, 'dicts-horizontal-empty');
    await searchCode('project_status');
    const parent = layout.locator('.dict-parents .ant-table-row').filter({ hasText: '项目状态' });
    await expect.poll(() => parent.count()).toBe(1);
    await parent.locator('td').nth(2).click();
    await page.waitForURL(/parentId=\d+/);
    const items = layout.locator('.dict-children');
    const row = items.locator('.ant-table-row').filter({ hasText: '验收中' });
    await expect.poll(() => row.count()).toBe(1);
    // Side by side: the items panel starts right of the dictionaries.
    const [left, right] = [await layout.locator('.dict-parents').boundingBox(), await items.boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    await row.getByRole('button', { name: button('编辑') }).click();
    await page.waitForURL(/item=\d+&mode=edit/);
    const form = modal();
    await form.waitFor();
    await expect.poll(() => form.getByLabel('字典名称').inputValue()).toBe('验收中');
    await form.getByLabel('字典名称').fill('验收中(横)');
    await snap(page, 'dicts-horizontal-edit');
    await form.getByRole('button', { name: button('确定') }).click();
    await expect.poll(() => toast('更新成功').count()).toBeGreaterThan(0);
    await form.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => !url.search.includes('item='));
    await expect.poll(() => items.locator('.ant-table-row').filter({ hasText: '验收中(横)' }).count()).toBe(1);
    // The search lives in the address beside the picked dictionary: a reload shows the same filter, rows and items.
    expect(decodeURIComponent(page.url())).toContain('project_status');
    await page.reload();
    await expect.poll(() => page.locator('form.crud-search').first().getByLabel('字典编号').inputValue()).toBe('project_status');
    await expect.poll(() => layout.locator('.dict-parents .ant-table-row').count()).toBe(1);
    await expect.poll(() => items.locator('.ant-table-row').filter({ hasText: '验收中(横)' }).count()).toBe(1);
    await snap(page, 'dicts-horizontal');
  });

  it('edits an item in /dict-vertical/index: the dictionaries above, the picked one’s items below', async () => {
    await openMenu('系统管理', '字典管理(纵)', /\/dict-vertical\/index/);
    const layout = page.locator('.dict-layout--vertical');
    await layout.waitFor();
    await searchCode('project_status');
    const parent = layout.locator('.dict-parents .ant-table-row').filter({ hasText: '项目状态' });
    await expect.poll(() => parent.count()).toBe(1);
    await parent.locator('td').nth(2).click();
    const items = layout.locator('.dict-children');
    const row = items.locator('.ant-table-row').filter({ hasText: '验收中(横)' });
    await expect.poll(() => row.count()).toBe(1);
    const [top, bottom] = [await layout.locator('.dict-parents').boundingBox(), await items.boundingBox()];
    expect(bottom!.y).toBeGreaterThan(top!.y + top!.height - 1);
    await row.getByRole('button', { name: button('编辑') }).click();
    const form = modal();
    await form.waitFor();
    // The form starts from the item's detail: typing before it arrived would be overwritten by it.
    await expect.poll(() => form.getByLabel('字典名称').inputValue()).toBe('验收中(横)');
    await form.getByLabel('字典名称').fill('验收中(纵)');
    await form.getByRole('button', { name: button('确定') }).click();
    await expect.poll(() => toast('更新成功').count()).toBeGreaterThan(0);
    await form.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => !url.search.includes('item='));
    await expect.poll(() => items.locator('.ant-table-row').filter({ hasText: '验收中(纵)' }).count()).toBe(1);
    // One tab per page, whatever its query string says.
    expect(await page.locator('.app-tabs').getByRole('tab', { name: '字典管理(纵)' }).count()).toBe(1);
    await snap(page, 'dicts-vertical');
    // And the project form follows that edit too.
    expect(await projectStatusOptions()).toContain('验收中(纵)');
  });

  it('refuses to delete a dictionary that still has items, with the server message', async () => {
    await openMenu('系统管理', '字典管理', /\/system\/dict/);
    await searchCode('project_status');
    const dicts = new CrudPage(page, product.url, '/system/dict');
    await expect.poll(() => dicts.row('项目状态').count()).toBe(1);
    await dicts.row('项目状态').getByRole('button', { name: button('删除') }).click();
    await confirmDialogOk(page);
    await expect.poll(() => page.getByText('请先删除子节点').count()).toBeGreaterThan(0);
    expect(await dicts.row('项目状态').count()).toBe(1);
  });
});
