import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { snap } from './browser';
import { CrudPage } from './crudPage';
import { loginAs, useProductPage, type RunningProduct } from './product';

/**
 * Administration screens as an administrator meets them: the long grant trees (产品包's menus, 权限设置) with their
 * search, expand / collapse all and check all in a bounded box; 接口权限's path picker, its warning and the roles a
 * save cuts off; 菜单管理's button form and the operations behind buttons; every toast in one place, clear of a
 * drawer's title; Esc closes 字典配置.
 */

let product: RunningProduct;
let page: Page;

useProductPage(async (opened) => {
  ({ product, page } = opened);
  await loginAs(page, product);
});

const button = (name: string) => new RegExp(name.split('').join('\\s*'));
/** The tree nodes drawn (a search hides the others). */
const shownTitles = (tree: Locator) => tree.locator('.ant-tree-treenode:visible .ant-tree-title').allInnerTexts();
const checkedCount = (tree: Locator) => tree.locator('.ant-tree-treenode .ant-tree-checkbox-checked').count();

describe('grant trees', () => {
  it('产品包: the menu tree searches, expands and collapses all, checks all, in a box that scrolls', async () => {
    const packages = new CrudPage(page, product.url, '/system/tenantpackage');
    await packages.open();
    await page.locator('.crud-toolbar').getByRole('button', { name: button('新增') }).click();
    const tree = packages.form.locator('.crud-tree-checks');
    await tree.locator('.ant-tree-treenode').filter({ hasText: '系统管理' }).first().waitFor();
    // First level open: the groups show, not every button below them.
    expect(await shownTitles(tree)).toContain('用户管理');
    expect(await shownTitles(tree)).not.toContain('新增');

    await tree.getByPlaceholder('按名称搜索').fill('参数');
    await expect.poll(() => shownTitles(tree)).toEqual(['系统管理', '参数管理']);
    await snap(page, 'grant-trees-package-search');
    await tree.locator('.ant-tree-treenode').filter({ hasText: '参数管理' }).locator('.ant-tree-checkbox').click();
    await tree.getByPlaceholder('按名称搜索').fill('');
    // The search narrowed what shows, not what is checked.
    await expect.poll(() => checkedCount(tree)).toBe(1);

    await tree.getByRole('button', { name: '展开全部' }).click();
    await expect.poll(async () => (await shownTitles(tree)).includes('新增')).toBe(true);
    const box = tree.locator('.check-tree__box');
    const { scrollHeight, clientHeight } = await box.evaluate((element) => ({ scrollHeight: element.scrollHeight, clientHeight: element.clientHeight }));
    expect(clientHeight).toBeLessThanOrEqual(420);
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    await snap(page, 'grant-trees-package-expanded');
    await tree.getByRole('button', { name: '收起全部' }).click();
    // Only the first level shows.
    await expect.poll(() => tree.locator('.ant-tree-treenode:visible .ant-tree-indent-unit').count()).toBe(0);
    expect(await shownTitles(tree)).not.toContain('用户管理');

    await tree.getByRole('button', { name: '全选' }).click();
    await expect.poll(() => tree.getByRole('button', { name: '取消全选' }).count()).toBe(1);
    await tree.getByRole('button', { name: '展开全部' }).click();
    expect(await tree.locator('.ant-tree-treenode .ant-tree-checkbox:not(.ant-tree-checkbox-checked)').count()).toBe(0);
    await tree.getByRole('button', { name: '取消全选' }).click();
    await expect.poll(() => checkedCount(tree)).toBe(0);
    await packages.close();
  });

  it('权限设置: the menu tree searches too', async () => {
    const roles = new CrudPage(page, product.url, '/authority/role');
    await roles.open();
    await roles.table.locator('.ant-table-row').first().getByRole('button', { name: '权限设置' }).click();
    const dialog = page.locator('.role-grant-dialog');
    const tree = dialog.locator('.ant-tabs-tabpane-active .check-tree');
    await tree.locator('.ant-tree-title').first().waitFor();
    await snap(page, 'grant-trees-role-before-search');
    await tree.getByPlaceholder('按名称搜索').fill('终端管理');
    await expect.poll(() => shownTitles(tree)).toContain('终端管理');
    expect(await shownTitles(tree)).not.toContain('用户管理');
    await snap(page, 'grant-trees-role-search');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: button('取消') }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('API scopes', () => {
  it('offers the menu’s API paths, warns on a path no API has, and names the roles a save cuts off', async () => {
    await page.goto(`${product.url}/authority/apiscope`);
    await page.getByPlaceholder('请输入菜单名称').fill('参数管理');
    await page.getByPlaceholder('请输入菜单名称').press('Enter');
    const menuRow = page.locator('.scope-menu-page .ant-table-row').filter({ hasText: '参数管理' }).last();
    await menuRow.getByRole('button', { name: button('权限配置') }).click();
    const drawer = page.locator('.scope-drawer');
    await drawer.getByRole('button', { name: button('新增') }).click();
    const form = page.locator('.scope-form .ant-modal-content');
    await form.waitFor();
    await form.getByText('两种写法都匹配', { exact: false }).waitFor();
    await form.getByLabel('权限名称').fill('参数列表');
    const path = form.locator('.api-scope-path input');
    await path.fill('/api/blade-system/param/nothing');
    await form.getByText('没有接口匹配此路径：保存后它不限制任何调用').waitFor();
    await snap(page, 'api-scope-no-route');
    await path.fill('/api/blade-system/param/li');
    await page.locator('.ant-select-dropdown:visible').getByText('GET /api/blade-system/param/list', { exact: true }).click();
    await expect.poll(() => path.inputValue()).toBe('/api/blade-system/param/list');
    await expect.poll(() => form.getByText('没有接口匹配此路径：保存后它不限制任何调用').count()).toBe(0);
    await form.getByRole('button', { name: button('确定') }).click();
    const confirm = page.locator('.ant-modal-confirm.api-scope-cut-off, .api-scope-cut-off .ant-modal-confirm').first();
    await confirm.locator('.ant-modal-confirm-title').getByText('保存后这些角色将无法调用此路径').waitFor();
    expect(await confirm.innerText()).toContain('普通用户');
    expect(await confirm.innerText()).not.toContain('超级管理员');
    await snap(page, 'api-scope-cut-off');
    await confirm.getByRole('button', { name: button('取消') }).click();
    await confirm.waitFor({ state: 'hidden' });
    // Not saved: the scope list of the menu is still empty of it.
    await form.getByRole('button', { name: button('取消') }).click();
    expect(await drawer.locator('.ant-table-row').filter({ hasText: '参数列表' }).count()).toBe(0);
  });
});

describe('菜单管理 buttons', () => {
  it('says a button needs an operation, lists the screen’s operations to pick, and flags a code none has', async () => {
    const menus = new CrudPage(page, product.url, '/system/menu');
    await menus.open();
    await page.locator('.crud-search').getByPlaceholder('请输入菜单名称').fill('参数管理');
    await page.locator('.crud-search').getByRole('button', { name: button('搜索') }).click();
    const row = menus.row('参数管理').first();
    await row.getByRole('button', { name: button('新增子项') }).click();
    const form = menus.form;
    await form.waitFor();
    // A menu entry needs no operation: nothing is said.
    expect(await form.locator('.menu-button-operations').count()).toBe(0);
    await form.locator('.ant-radio-wrapper').filter({ hasText: '按钮' }).click();
    const hint = form.locator('.menu-button-operations');
    await hint.getByText('按钮只有在其页面声明了对应的操作时才会显示：按钮编号须是该操作的编号').waitFor();
    await hint.getByText('参数管理 声明的操作（点选填入）：').waitFor();
    const operations = await hint.locator('.ant-tag').allInnerTexts();
    expect(operations).toEqual(expect.arrayContaining(['新增 (param_add)', '修改 (param_edit)', '删除 (param_delete)']));
    await hint.locator('.ant-tag').filter({ hasText: '修改 (param_edit)' }).click();
    await expect.poll(() => form.getByLabel('菜单编号').inputValue()).toBe('param_edit');
    expect(await form.getByLabel('菜单别名').inputValue()).toBe('edit');
    expect(await form.getByLabel('菜单名称').inputValue()).toBe('修改');
    await snap(page, 'menu-button-operations');
    await form.getByLabel('菜单编号').fill('param_print');
    await form.getByText('页面没有编号为 param_print 的操作，此按钮不会显示').waitFor();
    await menus.close();
  });
});

describe('screens', () => {
  it('shows every toast in one place, below a drawer title', async () => {
    const projects = new CrudPage(page, product.url, '/test/project');
    await projects.open();
    const row = projects.table.locator('.ant-table-row').first();
    await row.getByRole('button', { name: button('编辑') }).click();
    await projects.form.waitFor();
    await projects.form.locator('.ant-drawer-footer, .ant-modal-footer').getByRole('button', { name: button('确定') }).click();
    const toast = page.locator('.ant-message-notice').filter({ hasText: '更新成功' });
    await toast.first().waitFor();
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    const header = page.locator('.ant-drawer-header, .ant-modal-header').first();
    if (await header.isVisible()) {
      const headerBox = (await header.boundingBox())!;
      const toastBox = (await toast.first().boundingBox())!;
      expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
    }
    await snap(page, 'screens-toast');
  });

  it('closes 字典配置 with Esc', async () => {
    const dicts = new CrudPage(page, product.url, '/system/dict');
    await dicts.open();
    await dicts.table.locator('.ant-table-row').first().getByRole('button', { name: button('字典配置') }).click();
    await page.waitForURL(/\/system\/dict\/\d+\/items/);
    const drawer = page.locator('.dict-items-drawer');
    await drawer.locator('.ant-table-row').first().waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/system\/dict(\?|$)/);
    await drawer.waitFor({ state: 'hidden' });
    // Reopened from its link (a reload), and after a click on its list: Esc still closes it.
    await page.goBack();
    await page.waitForURL(/\/system\/dict\/\d+\/items/);
    await page.reload();
    await drawer.locator('.ant-table-row').first().click();
    // After an item's form was opened and cancelled, focus is no longer in the drawer.
    await drawer.getByRole('button', { name: button('新增') }).click();
    const itemForm = page.locator('.ant-modal-content').filter({ has: page.locator('form') }).last();
    await itemForm.waitFor();
    await itemForm.getByRole('button', { name: button('取消') }).click();
    await itemForm.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/items(\?|$)/);
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/system\/dict(\?|$)/);
    await drawer.waitFor({ state: 'hidden' });
  });

  it('fits the tenant list: 状态 is not squeezed or hidden under the actions', async () => {
    const tenants = new CrudPage(page, product.url, '/system/tenant');
    await tenants.open();
    await tenants.row('000000').waitFor();
    const status = tenants.table.locator('thead th').filter({ hasText: '状态' });
    const actions = tenants.table.locator('thead th').filter({ hasText: '操作' });
    const statusBox = (await status.boundingBox())!;
    expect(statusBox.x + statusBox.width).toBeLessThanOrEqual((await actions.boundingBox())!.x + 1);
    expect(await status.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await snap(page, 'screens-tenant-list');
  });
});
