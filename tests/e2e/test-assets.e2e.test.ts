import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approveByReview } from '../server/reviews';
import { confirmDialogOk, snap } from './browser';
import { chooseOption, CrudPage, optionOf } from './crudPage';
import { ADMIN_PASSWORD, apiCall, apiLogin, loginAs, useProductPage, type ProductPage } from './product';

let opened: ProductPage;
let page: Page;
useProductPage((product) => {
  opened = product;
  page = product.page;
});

const stamp = Date.now().toString(36).toUpperCase();

/** Opens the select of the form item labelled `label` and picks `option` (typing `search` first for remote ones). */
async function pick(scope: Locator, label: string, option: string, search?: string) {
  const item = scope.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) }).first();
  await chooseOption(item.locator('.ant-select'), option, search);
}

/** Picks a module path in the cascader of the form item labelled `label`. */
async function pickPath(scope: Locator, label: string, path: string[]) {
  const item = scope.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) }).first();
  await item.locator('.ant-select').click();
  for (const name of path) await page.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
  // A cascader that picks any level stays open: leave it by clicking the form's title (Escape would close the form).
  await page.locator('.ant-drawer-title, .ant-modal-title').last().click();
}

async function fill(scope: Locator, label: string, value: string) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

async function save(crud: CrudPage, toast: string) {
  await crud.form.locator('.ant-drawer-footer, .ant-modal-footer').getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText(toast).first().waitFor();
  await crud.form.waitFor({ state: 'hidden' });
}

describe("a test lead's morning on the test assets", () => {
  it('logs in', async () => {
    await loginAs(page, opened.product);
  });

  it('creates a project with a manager picked by name and two members picked before its first save', async () => {
    const projects = new CrudPage(page, opened.product.url, '/test/project');
    await projects.open('/new');
    await projects.form.waitFor();
    await fill(projects.form, '项目编号', `P-${stamp}`);
    await fill(projects.form, '项目名称', `晨会演示项目 ${stamp}`);
    await pick(projects.form, '项目状态', '进行中');
    await pick(projects.form, '负责人', '管理员', '管理');
    const members = projects.section('项目成员');
    await members.getByRole('button', { name: /添加项目成员/ }).click();
    const picker = page.locator('.ant-modal-content').filter({ hasText: '添加用户管理' });
    const userPicker = picker.locator('.crud-link-picker');
    await chooseOption(userPicker, 'tester');
    await (await optionOf(userPicker, 'admin')).click();
    await picker.locator('.ant-modal-title').click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => members.locator('.ant-table-row').count()).toBe(2);
    // The spec's member fields, before anything is saved.
    const headers = await members.locator('thead th').allInnerTexts();
    for (const header of ['登录账号', '所属租户', '用户姓名', '所属角色', '所属部门', '用户平台']) expect(headers).toContain(header);
    await members.locator('.ant-table-row').filter({ hasText: '测试员' }).getByText('普通用户').first().waitFor();
    await snap(page, 'assets-project-members-new');
    await save(projects, '新增成功');
    await projects.rowAction(`P-${stamp}`, '编辑');
    const saved = projects.section('项目成员');
    await expect.poll(() => saved.locator('.ant-table-row').count()).toBe(2);
    await saved.getByText('tester', { exact: true }).waitFor();
    // A member of the top department lists the users of the departments below it, read-only.
    await saved.locator('.ant-table-row').filter({ hasText: '管理员' }).locator('.ant-table-row-expand-icon').click();
    await saved.locator('.crud-link-children').getByText('tester', { exact: true }).waitFor();
    await snap(page, 'assets-project-members');
    await projects.close();
    // The creator is joined by name in the list.
    await projects.row(`P-${stamp}`).getByText('管理员').first().waitFor();
  });

  it('builds a module tree: a root and a child under it', async () => {
    const modules = new CrudPage(page, opened.product.url, '/test/moduletype');
    await modules.open('/new');
    await fill(modules.form, '模块名称', `晨会模块 ${stamp}`);
    await fill(modules.form, '模块编码', `M-${stamp}`);
    await save(modules, '新增成功');
    await modules.open('/new');
    await fill(modules.form, '模块名称', `晨会子模块 ${stamp}`);
    await fill(modules.form, '模块编码', `M-${stamp}-1`);
    const parent = modules.form.locator('.ant-form-item').filter({ has: page.locator('label:text-is("上级模块")') });
    await parent.locator('.ant-select').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: `晨会模块 ${stamp}` }).click();
    await save(modules, '新增成功');
    // The child knows its parent and its level.
    const child = modules.row(`M-${stamp}-1`);
    await child.waitFor();
    await expect.poll(() => child.innerText()).toContain('2');
  });

  it('uploads a python script straight to object storage and sees its path', async () => {
    const scripts = new CrudPage(page, opened.product.url, '/test/testscript');
    await scripts.open('/new');
    await fill(scripts.form, '脚本编号', `S-${stamp}`);
    const file = join(tmpdir(), `morning_${stamp}.py`);
    writeFileSync(file, 'print("ok")\n');
    await scripts.form.locator('.crud-upload input[type=file]').setInputFiles(file);
    const key = scripts.form.locator('.crud-upload-key');
    await key.waitFor();
    expect(await key.innerText()).toMatch(new RegExp(`^script/morning_${stamp}_fb_12_b_\\d+\\.py$`, 'i'));
    await pickPath(scripts.form, '功能模块', [`晨会模块 ${stamp}`, `晨会子模块 ${stamp}`]);
    await snap(page, 'assets-script-upload');
    await save(scripts, '新增成功');
    await scripts.row(`S-${stamp}`).getByText(`晨会模块 ${stamp}/晨会子模块 ${stamp}`).waitFor();
    // Sent for review from its row; the administrator, a reviewer, approves it so that cases may link it.
    await scripts.row(`S-${stamp}`).getByRole('button', { name: /送\s*审/ }).click();
    await confirmDialogOk(page);
    await page.getByText('送审成功').first().waitFor();
    const token = await apiLogin(opened.product, 'admin', ADMIN_PASSWORD);
    const script = (await apiCall(opened.product, token, `/gateway/blade-testscript/testScript/list?scriptCode_equal=S-${stamp}`)).body.data.records[0];
    const review = (await apiCall(opened.product, token, `/api/blade-desk/process/review/list?resource=testscript&businessId=${script.id}`)).body.data[0];
    await approveByReview('/gateway/blade-testscript/testScript', script.id, { author: token, reviewer: token, base: opened.product.url, sent: review.processInstanceId });
  });

  it('writes a case linked to the audited script, its path and description filled in', async () => {
    const cases = new CrudPage(page, opened.product.url, '/test/testcase');
    await cases.open('/new');
    await fill(cases.form, '用例编号', `C-${stamp}`);
    await fill(cases.form, '用例标题', '晨会用例');
    await pickPath(cases.form, '功能模块', [`晨会模块 ${stamp}`, `晨会子模块 ${stamp}`]);
    await fill(cases.form, '测试目的', '验证脚本关联');
    await pick(cases.form, '脚本编号', `S-${stamp}`, `S-${stamp}`);
    const script = cases.section('脚本关联');
    await expect.poll(() => script.innerText()).toMatch(/script\/morning_/i);
    await snap(page, 'assets-case-script');
    await save(cases, '新增成功');
    // The module tree beside the list filters the cases under a node.
    await page.locator('.crud-tree-filter').getByText(`晨会子模块 ${stamp}`).click();
    await expect.poll(() => page.locator('.crud-page .ant-table-row').count()).toBe(1);
    await cases.row(`C-${stamp}`).waitFor();
    await snap(page, 'assets-case-tree');
  });

  it('gives a new terminal a tool chain of two devices, and then a test object, each picked by code', async () => {
    const terminals = new CrudPage(page, opened.product.url, '/test/terminal');
    await terminals.open('/new');
    await fill(terminals.form, '设备编号', `T-${stamp}`);
    await fill(terminals.form, '设备名称', '晨会终端');
    await fill(terminals.form, '厂商', '研华科技');
    await fill(terminals.form, '设备IP', '10.0.0.300');
    await fill(terminals.form, '唯一识别码', `U-${stamp}`);
    await pick(terminals.form, '运行状态', '空闲');
    await pick(terminals.form, '维护状态', '正常');
    const chain = terminals.section('工具链信息');
    for (const code of ['TD-DMM-01', 'TD-PWR-01']) {
      await chain.getByRole('button', { name: /添加一行/ }).click();
      const dropdown = await chooseOption(chain.locator('.ant-table-row').last().locator('.ant-select'), code);
      await dropdown.waitFor({ state: 'hidden' });
    }
    await chain.getByText('程控直流电源 IT6302').waitFor();
    // The IP is checked before anything is sent.
    await terminals.form.locator('.ant-drawer-footer').getByRole('button', { name: /确\s*定/ }).click();
    await terminals.form.getByText('设备IP不是有效的IP地址').waitFor();
    await fill(terminals.form, '设备IP', '10.0.0.30');
    await save(terminals, '新增成功');
    await terminals.rowAction(`T-${stamp}`, '编辑');
    await expect.poll(() => terminals.section('工具链信息').locator('.ant-table-row').count()).toBe(2);
    const object = terminals.section('测试对象信息');
    await chooseOption(object.locator('.ant-select').first(), 'TO-GW-01', 'TO-GW-01');
    await object.getByText('工业网关 IG-500').waitFor();
    await snap(page, 'assets-terminal-chain');
    await save(terminals, '更新成功');
    await terminals.rowAction(`T-${stamp}`, '查看');
    await terminals.section('测试对象信息').getByText('V1.8.0').waitFor();
    await terminals.close();
  });

  it('saves a seeded terminal unchanged: its tool chain and test object are complete', async () => {
    const terminals = new CrudPage(page, opened.product.url, '/test/terminal');
    await terminals.open();
    await terminals.rowAction('TM-012', '编辑');
    await expect.poll(() => terminals.section('工具链信息').locator('.ant-table-row').count()).toBeGreaterThan(0);
    await terminals.section('测试对象信息').getByText('TO-ECU-01').waitFor();
    await snap(page, 'assets-terminal-seeded');
    await save(terminals, '更新成功');
  });
});
