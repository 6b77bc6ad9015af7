import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from './browser';
import { chooseOption, CrudPage, formItem, pickOption } from './crudPage';
import { apiCall, apiLogin, ADMIN_PASSWORD, loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let page: Page;

useProductPage((opened) => ({ product, page } = opened));

const toast = (text: string) => page.locator('.ant-message, .ant-notification').getByText(text);

describe('代码生成 end to end', () => {
  it('starts a configuration from a table of this server’s database, its form in tabs filled from the enabled setting', async () => {
    // The enabled code setting the new configuration starts from.
    const token = await apiLogin(product, 'admin', ADMIN_PASSWORD);
    const tool = (await apiCall(product, token, '/api/blade-system/menu/list?code=tool')).body.data.find((menu: { code: string }) => menu.code === 'tool');
    await apiCall(product, token, '/api/blade-develop/code-setting/submit', {
      settings: '演示设置', menuId: tool.id, serviceName: 'blade-demo', packageName: 'org.springblade.demo', apiPath: '/demo/api', webPath: '/demo/web',
    });
    const setting = (await apiCall(product, token, '/api/blade-develop/code-setting/list?settings=演示设置')).body.data.records[0];
    expect((await apiCall(product, token, `/api/blade-develop/code-setting/enable?id=${setting.id}`, {})).body.code).toBe(200);

    await loginAs(page, product);
    const codes = new CrudPage(page, product.url, '/tool/code');
    await codes.open();
    await page.getByRole('button', { name: '由物理表生成' }).click();
    const dialog = page.locator('.code-from-table .ant-modal-content');
    await pickOption(dialog, '数据源', '本系统数据库');
    // Many tables: the list is searched as a person would.
    await chooseOption(formItem(dialog, '物理表名').locator('.ant-select').first(), 'blade_notice', 'blade_notice');
    expect(await formItem(dialog, '模型类名').locator('input').inputValue()).toBe('Notice');
    // `notice` is a registered screen already: the generated one gets a name of its own.
    await formItem(dialog, '模型编号').locator('input').fill('bulletin');
    await snap(page, 'code-from-table');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('已新建数据模型和代码生成配置').waitFor();

    await page.waitForURL(/\/tool\/code\/new$/);
    const form = codes.form;
    await form.getByRole('tab', { name: '模型配置' }).waitFor();
    expect(await formItem(form, '表名').locator('input').inputValue()).toBe('blade_notice');
    await expect.poll(() => formItem(form, '数据模型').innerText()).toContain('blade_notice');
    await formItem(form, '模块名').locator('input').fill('公告示例');
    await form.getByRole('tab', { name: '生成配置' }).click();
    expect(await formItem(form, '服务名').locator('input').inputValue()).toBe('blade-demo');
    await expect.poll(() => formItem(form, '上级菜单').innerText()).toContain('研发工具');
    await snap(page, 'code-form-tabs');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await codes.row('公告示例').waitFor();
  });

  it('edits the model’s columns in a table and saves them', async () => {
    const models = new CrudPage(page, product.url, '/tool/model');
    await models.open();
    await models.row('bulletin').getByRole('button', { name: /模型配置/ }).click();
    const drawer = page.locator('.model-prototype-drawer');
    await drawer.getByText('由数据库表生成, 尚未保存').waitFor();
    const title = drawer.locator('.ant-table-row').filter({ hasText: 'title' });
    await title.getByRole('checkbox', { name: '查询' }).check();
    await snap(page, 'model-prototype');
    await drawer.getByRole('button', { name: '保存配置' }).click();
    await toast('模型配置已保存').waitFor();
    await drawer.getByText('已保存的配置').waitFor();
  });

  it('downloads the generated resource folder as a zip', async () => {
    const codes = new CrudPage(page, product.url, '/tool/code');
    await codes.open();
    await codes.row('公告示例').locator('.ant-checkbox-input').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /代码生成/ }).click()]);
    expect(download.suggestedFilename()).toBe('bulletin.zip');
    const zip = await JSZip.loadAsync(await readFile((await download.path())!));
    const schema = await zip.file('resources/bulletin/schema.ts')!.async('string');
    expect(schema).toContain("title: { zh: '公告示例', en: 'Notice' }");
    expect(schema).toContain("route: '/tool/bulletin'");
    // The column made searchable in 模型配置.
    expect(schema).toMatch(/\{ name: 'title',.*search: 'like'/);
    expect(zip.file(/server\/db\/migrations\/\d{3}_bulletin\.sql$/)).toHaveLength(1);
    await snap(page, 'code-list');
  });
});
