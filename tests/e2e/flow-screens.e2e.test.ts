import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { animationsEnded, snap } from './browser';
import { pickOption } from './crudPage';
import { ADMIN_PASSWORD, apiCall, apiLogin, loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let page: Page;
let leaveInstanceId: string;
/** The scripts the login page loaded, with their text. */
let loginScripts: { url: string; text: string }[] = [];

/** A string only bpmn-js's code carries (the class of the diagram's container). */
const BPMN_JS_MARK = 'djs-container';
const TAKEN_GREEN = 'rgb(56, 158, 13)';

useProductPage(async (opened) => {
  ({ product, page } = opened);
  const scripts: Promise<{ url: string; text: string }>[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  };
  page.on('response', collect);
  await page.goto(`${product.url}/login`);
  await page.getByPlaceholder('请输入验证码').waitFor();
  page.off('response', collect);
  loginScripts = await Promise.all(scripts);

  // A leave waiting for an administrator's approval, started through the API as a script would.
  const token = await apiLogin(product, 'admin', ADMIN_PASSWORD);
  const definitions = await apiCall(product, token, '/api/blade-flow/manager/list?key=Leave');
  const processDefinitionId = definitions.body.data.records[0].processDefinitionId as string;
  const started = await apiCall(product, token, '/api/blade-desk/process/leave/start-process', {
    processDefinitionId,
    leaveType: '1',
    startTime: '2026-12-01',
    endTime: '2026-12-02',
    reason: '流程跟踪的请假',
  });
  expect(started.body).toMatchObject({ code: 200 });
  const followed = await apiCall(product, token, '/api/blade-flow/follow/list?processDefinitionKey=Leave');
  leaveInstanceId = followed.body.data.records[0].processInstanceId;
});

const toast = (text: string | RegExp) => page.locator('.ant-message').getByText(text);
const rowOf = (text: string) => page.locator('.ant-table-tbody tr').filter({ hasText: text });
const diagramDrawer = () => page.locator('.ant-drawer-content').filter({ has: page.getByTestId('flow-diagram') });
const element = (id: string) => diagramDrawer().locator(`g.djs-element[data-element-id="${id}"]`);

/** Opens a row's diagram and waits until bpmn-js has drawn it. */
async function openDiagram(row: string) {
  const reading = page.waitForResponse((response) => response.url().includes('/api/blade-flow/process/model-view'));
  await rowOf(row).getByRole('button', { name: '查看' }).click();
  expect((await (await reading).json()).code).toBe(200);
  await diagramDrawer().locator('[data-testid="flow-diagram"][data-drawn="true"]').waitFor();
  await animationsEnded(diagramDrawer());
}

async function closeDiagram() {
  await diagramDrawer().locator('.ant-drawer-close').click();
  await diagramDrawer().waitFor({ state: 'hidden' });
}

describe('流程管理 and 流程跟踪', () => {
  it('keeps bpmn-js out of the login page', () => {
    expect(loginScripts.length).toBeGreaterThan(0);
    expect(loginScripts.filter((script) => script.text.includes(BPMN_JS_MARK)).map((script) => script.url)).toEqual([]);
  });

  it('lists the deployed leave process and shows its diagram with the legend, bpmn-js fetched only then', async () => {
    await loginAs(page, product);
    const scripts: Promise<string>[] = [];
    const collect = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    };
    page.on('response', collect);
    const listed = page.waitForResponse((response) => response.url().includes('/api/blade-flow/manager/list'));
    await page.goto(`${product.url}/flow/manager`);
    await listed;
    const leave = rowOf('Leave');
    await leave.getByText('请假流程').first().waitFor();
    await leave.getByText('激活', { exact: true }).first().waitFor();
    await page.locator('.ant-layout-sider .ant-menu-item-selected').getByText('流程管理', { exact: true }).waitFor();
    await snap(page, 'flow-manager');
    expect((await Promise.all(scripts)).filter((text) => text.includes(BPMN_JS_MARK))).toHaveLength(0);

    await openDiagram('Leave');
    page.off('response', collect);
    expect((await Promise.all(scripts)).filter((text) => text.includes(BPMN_JS_MARK))).toHaveLength(1);
    await expect.poll(() => element('approve').count()).toBe(1);
    const legend = diagramDrawer().locator('.flow-diagram-legend');
    for (const label of ['已完成', '进行中', '未到达', '已流转']) await legend.getByText(label, { exact: true }).waitFor();
    // The licence asks that the bpmn.io mark stays.
    await diagramDrawer().locator('.bjs-powered-by').waitFor();
    // A definition has no path: nothing is painted as taken or active.
    expect(await diagramDrawer().locator('.flow-mark-active, .flow-mark-taken').count()).toBe(0);
    await snap(page, 'flow-manager-diagram');
    await closeDiagram();
  });

  it('suspends and activates the leave process, each with the server message', async () => {
    const leave = rowOf('Leave');
    const suspended = page.waitForResponse((response) => response.url().includes('/manager/change-state'));
    await leave.getByRole('button', { name: '挂起' }).click();
    expect((await (await suspended).json()).code).toBe(200);
    await toast(/^挂起ID为 \[.+\] 的流程成功$/).waitFor();
    await leave.locator('.ant-tag').getByText('挂起', { exact: true }).waitFor();

    const activated = page.waitForResponse((response) => response.url().includes('/manager/change-state'));
    await leave.getByRole('button', { name: '激活' }).click();
    expect((await (await activated).json()).code).toBe(200);
    await toast(/^激活ID为 \[.+\] 的流程成功$/).waitFor();
    await leave.locator('.ant-tag').getByText('激活', { exact: true }).waitFor();
  });

  it('follows the running leave: who has it, and its diagram with the active node and the taken flows', async () => {
    const listed = page.waitForResponse((response) => response.url().includes('/api/blade-flow/follow/list'));
    await page.goto(`${product.url}/flow/follow`);
    await listed;
    const row = rowOf('Leave');
    await row.getByText('审批', { exact: true }).waitFor();
    await snap(page, 'flow-follow');

    await openDiagram('Leave');
    await expect.poll(() => element('approve').getAttribute('class')).toContain('flow-mark-active');
    expect(await element('start').getAttribute('class')).toContain('flow-mark-finished');
    expect(await element('toApprove').getAttribute('class')).toContain('flow-mark-taken');
    // The taken flow's line and its arrowhead both carry the highlight colour.
    const line = element('toApprove').locator('.djs-visual > path').first();
    expect(await line.evaluate((path) => getComputedStyle(path).stroke)).toBe(TAKEN_GREEN);
    const arrowhead = element('toApprove').locator('marker path').first();
    expect(await arrowhead.evaluate((path) => getComputedStyle(path).fill)).toBe(TAKEN_GREEN);
    await snap(page, 'flow-follow-diagram');
    await closeDiagram();
  });

  it('shows an instance diagram on its own route', async () => {
    await page.goto(`${product.url}/flow/diagram?processInstanceId=${leaveInstanceId}`);
    await page.locator('[data-testid="flow-diagram"][data-drawn="true"]').waitFor();
    await expect.poll(() => page.locator('g.djs-element[data-element-id="approve"]').getAttribute('class')).toContain('flow-mark-active');
    await snap(page, 'flow-diagram-route');
  });

  it('deletes a running instance only with a reason', async () => {
    const listed = page.waitForResponse((response) => response.url().includes('/api/blade-flow/follow/list'));
    await page.goto(`${product.url}/flow/follow`);
    await listed;
    await rowOf('Leave').getByRole('button', { name: '删除' }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '删除流程实例' });
    await dialog.waitFor();
    await animationsEnded(dialog);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入删除原因', { exact: true }).waitFor();

    await dialog.getByLabel('删除原因').fill('重复发起');
    const deleted = page.waitForResponse((response) => response.url().includes('/follow/delete-process-instance'));
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const request = (await deleted).request();
    expect(new URL(request.url()).searchParams.get('deleteReason')).toBe('重复发起');
    await toast('删除成功').waitFor();
    await page.locator('.ant-table-tbody .ant-empty').waitFor();
  });
});

/** A one-step review process under `key`; `candidates` empty: a task without anyone to do it, which the server refuses. */
const processFile = (key: string, candidates = 'camunda:candidateGroups="administrator"') =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://test">
  <bpmn:process id="${key}" name="上传的报销审核" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:userTask id="review" name="审核" ${candidates} />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`);

describe('部署管理', () => {
  it('deploys uploaded process files under a category; a refusal names the file and keeps the list', async () => {
    const key = `Uploaded${Date.now()}`;
    await page.goto(`${product.url}/flow/deploy`);
    const form = page.locator('.flow-deploy form');
    await form.waitFor();
    await page.locator('.ant-layout-sider .ant-menu-item-selected').getByText('部署管理', { exact: true }).waitFor();

    // Nothing chosen: the form says what it needs.
    await form.getByRole('button', { name: /部\s*署/ }).click();
    await form.locator('.ant-form-item-explain-error', { hasText: '请选择流程类型' }).waitFor();
    await pickOption(form, '流程类型', '报销流程');
    await pickOption(form, '所属租户', '管理组 (000000)');
    await form.getByRole('button', { name: /部\s*署/ }).click();
    await page.locator('.flow-deploy-error').getByText('请选择流程文件').waitFor();

    await form.locator('input[type=file]').setInputFiles([
      { name: 'broken.bpmn', mimeType: 'text/xml', buffer: processFile(`${key}Broken`, '') },
      { name: `${key}.bpmn20.xml`, mimeType: 'text/xml', buffer: processFile(key) },
    ]);
    const files = form.locator('.ant-upload-list-item');
    await expect.poll(() => files.count()).toBe(2);
    const refused = page.waitForResponse((response) => response.url().includes('/manager/deploy-upload'));
    await form.getByRole('button', { name: /部\s*署/ }).click();
    expect(await (await refused).json()).toMatchObject({ code: 400 });
    await page.locator('.flow-deploy-error').getByText('broken.bpmn: 用户任务 review(审核) 未设置处理人或候选人').waitFor();
    expect(await files.count()).toBe(2);
    await form.locator('.ant-upload-list-item-error').filter({ hasText: 'broken.bpmn' }).waitFor();
    await snap(page, 'flow-deploy-refused');

    // The named file taken out, the rest deploys; the success links to 流程管理, where the new process is listed.
    await files.filter({ hasText: 'broken.bpmn' }).locator('.ant-upload-list-item-action').click();
    await expect.poll(() => files.count()).toBe(1);
    const deployed = page.waitForResponse((response) => response.url().includes('/manager/deploy-upload'));
    await form.getByRole('button', { name: /部\s*署/ }).click();
    const answer = await deployed;
    expect(await answer.json()).toMatchObject({ code: 200 });
    // Deployed under the category and into the tenant picked.
    expect(await product.server.db.query('SELECT tenant_id, category, resource_name FROM blade_flow_deployment WHERE process_key = $1', [key])).toEqual([
      { tenant_id: '000000', category: 'flow_2', resource_name: `${key}.bpmn20.xml` },
    ]);
    await toast('部署成功').waitFor();
    await page.locator('.flow-deploy-done').getByText('已部署 1 个流程文件').waitFor();
    // The deployed files leave the list (antd slides them out).
    await expect.poll(() => files.count()).toBe(0);
    await snap(page, 'flow-deploy-done');

    const listed = page.waitForResponse((response) => response.url().includes('/api/blade-flow/manager/list'));
    await page.locator('.flow-deploy-done').getByRole('link', { name: '前往流程管理' }).click();
    await page.waitForURL(/\/flow\/manager$/);
    await listed;
    const row = rowOf(key);
    await row.getByText('报销流程').waitFor();
    await row.getByText('v1').waitFor();
  });
});
