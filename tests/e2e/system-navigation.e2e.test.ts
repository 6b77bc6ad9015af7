import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmDialogOk, snap } from './browser';
import { CrudPage, formItem } from './crudPage';
import { loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let page: Page;

useProductPage((opened) => ({ product, page } = opened));

const sider = () => page.locator('.ant-layout-sider');
const toast = (text: string) => page.locator('.ant-message, .ant-notification').getByText(text, { exact: true }).first();
const modal = () => page.locator('.ant-modal-content').last();
/** The sidebar entry named `name` under the group `group` (opened first when closed). */
async function siderItem(group: string, name: string) {
  const item = sider().getByText(name, { exact: true });
  if (!(await item.isVisible())) await sider().getByText(group, { exact: true }).click();
  return item;
}
/** Types into the form field labelled `label`. */
async function fill(label: string, value: string) {
  const input = modal().getByLabel(label, { exact: true });
  await input.fill(value);
}
/** Screenshots for people to look at (screenshots/). */
async function shot(name: string) {
  await snap(page, `system-navigation-${name}`);
}

describe('menus, top menus and regions end to end', () => {
  const menus = () => new CrudPage(page, product.url, '/system/menu');

  it('adds a menu under 系统管理 with an icon picked in the picker; after a reload the sidebar shows it', async () => {
    await loginAs(page, product);
    await menus().open();
    // The tree list: the groups at the top, 系统管理 opens onto its screens.
    const system = menus().row('系统管理').first();
    await system.locator('.ant-table-row-expand-icon').click();
    await menus().row('菜单管理').first().waitFor();
    await shot('menu-tree');

    await system.getByRole('button', { name: '新增子项' }).click();
    await modal().waitFor();
    // The parent is filled in from the row.
    await expect.poll(() => modal().locator('.ant-select-selection-item').first().innerText()).toBe('系统管理');
    await fill('菜单名称', '导航测试');
    await fill('路由地址', '/system/navtest');
    await fill('菜单编号', 'navtest');
    await fill('菜单排序', '30');
    await modal().getByTestId('icon-picker-open').click();
    const picker = page.locator('.ant-modal-content').filter({ has: page.locator('.icon-picker-grid') });
    await picker.getByPlaceholder('搜索图标名称').fill('glob');
    await expect.poll(() => picker.locator('.icon-picker-cell').count()).toBe(1);
    await shot('icon-picker');
    await picker.locator('[data-icon="GlobalOutlined"]').click();
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => modal().locator('.icon-picker-input input').inputValue()).toBe('GlobalOutlined');
    await shot('menu-form');
    await modal().getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    // The open group shows its new child at once.
    await menus().row('导航测试').first().waitFor();
    // The save read the menus again: the sidebar's open group has the new entry before any reload.
    await sider().getByText('导航测试', { exact: true }).waitFor();
    await shot('sidebar-new-menu-at-once');

    await page.reload();
    const item = await siderItem('系统管理', '导航测试');
    await item.waitFor();
    const entry = sider().locator('.ant-menu-item').filter({ hasText: '导航测试' });
    expect(await entry.locator('.anticon-global').count()).toBe(1);
    await shot('sidebar-new-menu');
  });

  it('the view of a top-level menu reads 顶级 as its parent and 无 as its button function, never 0', async () => {
    await menus().open();
    await menus().row('系统管理').first().getByRole('button', { name: /查\s*看/ }).click();
    const view = menus().form;
    await view.waitFor();
    await expect.poll(() => formItem(view, '上级菜单').locator('.crud-view-value').innerText()).toBe('顶级');
    await expect.poll(() => formItem(view, '按钮功能').locator('.crud-view-value').innerText()).toBe('无');
    await shot('menu-view-root');
    await menus().close();
  });

  it('renames the menu; after a reload the sidebar shows the new name', async () => {
    await menus().open();
    await page.getByPlaceholder('请输入菜单名称').fill('导航测试');
    await page.locator('.crud-page').getByRole('button', { name: /搜\s*索/ }).click();
    await menus().row('navtest').waitFor();
    await menus().rowAction('navtest', '编辑');
    await expect.poll(() => modal().getByLabel('菜单名称', { exact: true }).inputValue()).toBe('导航测试');
    await fill('菜单名称', '导航测试改');
    await modal().getByRole('button', { name: /确\s*定/ }).click();
    await toast('更新成功').waitFor();
    await sider().getByText('导航测试改', { exact: true }).waitFor();

    await page.reload();
    // The sidebar opens the current screen's group once the menus are drawn: a click on the group before that would
    // close it again.
    await sider().getByText('菜单管理', { exact: true }).waitFor();
    await (await siderItem('系统管理', '导航测试改')).waitFor();
    expect(await sider().getByText('导航测试', { exact: true }).count()).toBe(0);
  });

  it('configures a top menu with two menus; picking it in the header narrows the sidebar to them', async () => {
    const tops = new CrudPage(page, product.url, '/system/topmenu');
    await tops.open();
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await modal().waitFor();
    await fill('菜单名称', '导航顶部');
    await fill('菜单编号', 'navtop');
    await modal().getByTestId('icon-picker-open').click();
    const picker = page.locator('.ant-modal-content').filter({ has: page.locator('.icon-picker-grid') });
    await picker.locator('[data-icon="CompassOutlined"], [data-icon="AimOutlined"]').first().click();
    await modal().getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();

    await tops.row('导航顶部').getByRole('button', { name: '菜单配置' }).click();
    const dialog = page.locator('.topmenu-setting .ant-modal-content');
    const treeNodes = () => dialog.locator('.ant-tree-treenode:not([aria-hidden])');
    await treeNodes().filter({ hasText: '参数管理' }).waitFor();
    for (const name of ['参数管理', '导航测试改']) {
      await treeNodes().filter({ hasText: name }).last().locator('.ant-tree-checkbox').click();
    }
    await shot('topmenu-setting');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('菜单配置成功').waitFor();

    // The dialog opens again with the two checked.
    await tops.row('导航顶部').getByRole('button', { name: '菜单配置' }).click();
    await treeNodes().filter({ hasText: '参数管理' }).waitFor();
    await expect.poll(() => dialog.locator('.ant-tree-treenode-checkbox-checked').allInnerTexts()).toEqual(['参数管理', '导航测试改']);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    await page.reload();
    const topMenu = page.locator('.app-top-menu');
    await topMenu.getByText('导航顶部', { exact: true }).click();
    await (await siderItem('系统管理', '参数管理')).waitFor();
    // The fixed home entry, then only the two configured screens under their group.
    await expect.poll(() => sider().locator('.ant-menu-item').allInnerTexts()).toEqual(['首页', '参数管理', '导航测试改']);
    expect(await sider().locator('.ant-menu-submenu-title').allInnerTexts()).toEqual(['系统管理']);
    await shot('topmenu-sidebar');
    await topMenu.getByText('首页', { exact: true }).click();
    await expect.poll(() => sider().getByText('测试管理', { exact: true }).count()).toBe(1);
  });

  it('opens the region tree level by level, adds a district under 杭州市, sees it, and deletes it', async () => {
    await page.goto(`${product.url}/base/region`);
    const tree = page.locator('.region-tree');
    const node = (name: string) => tree.locator('.ant-tree-treenode').filter({ hasText: new RegExp(`^${name}$`) });
    await node('浙江省').waitFor();
    await expect.poll(() => tree.locator('.ant-tree-treenode .ant-tree-title').allInnerTexts()).toEqual(['北京市', '浙江省', '广东省']);
    await node('浙江省').locator('.ant-tree-switcher').click();
    await node('杭州市').waitFor();
    await node('杭州市').locator('.ant-tree-switcher').click();
    await node('西湖区').waitFor();
    await node('杭州市').locator('.ant-tree-title').click();
    const panel = page.locator('.region-panel');
    await panel.getByText('3301', { exact: true }).waitFor();
    await shot('region-detail');

    await panel.getByRole('button', { name: '新增下级' }).click();
    const code = panel.getByLabel('区划编号', { exact: true });
    await expect.poll(() => code.inputValue()).toBe('3301');
    await code.fill('330110');
    await panel.getByLabel('区划名称', { exact: true }).fill('余杭区');
    await panel.getByLabel('排序', { exact: true }).fill('3');
    await shot('region-form');
    await panel.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await node('余杭区').waitFor();
    await panel.getByText('330110', { exact: true }).waitFor();
    await expect.poll(() => panel.locator('.ant-descriptions-item-content').allInnerTexts()).toContain('杭州市');
    await shot('region-added');

    // Renamed, the region shows under its new name in the open tree at once, its open parents staying open.
    await panel.getByRole('button', { name: /编\s*辑/ }).click();
    const name = panel.getByLabel('区划名称', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('余杭区');
    await name.fill('余杭新区');
    await panel.getByRole('button', { name: /确\s*定/ }).click();
    await toast('更新成功').waitFor();
    await node('余杭新区').waitFor();
    expect(await node('余杭区').count()).toBe(0);
    await node('西湖区').waitFor();
    await shot('region-renamed');

    await panel.getByRole('button', { name: /删\s*除/ }).click();
    await confirmDialogOk(page);
    await toast('删除成功').waitFor();
    await expect.poll(() => node('余杭新区').count()).toBe(0);
    await panel.getByText('3301', { exact: true }).waitFor();
    const rows = await product.server.db.query<{ is_deleted: number }>("SELECT is_deleted FROM blade_region WHERE code = '330110'");
    expect(rows.map((row) => row.is_deleted)).toEqual([1]);
  });
});
