import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_API } from '../../resources/message/wire';
import { nextId } from '../../server/blade/ids';
import { formatDateTime } from '../../server/blade/serializer';
import { SEED_IDS } from '../../server/db/seed';
import { animationsEnded, snap } from './browser';
import { apiCall, apiLogin, ADMIN_PASSWORD, loginAs, useProductPage, type RunningProduct } from './product';
import { until } from '../until';

/**
 * The message centre as a person meets it: a test run that failed and a scheduled job's alert reach the administrator;
 * the bell and its 消息 tab count them, opening one marks it read and goes to its task, and 我的消息 lists them with
 * the read filter and 全部已读.
 */

let product: RunningProduct;
let page: Page;
let token: string;
/** A job app that always fails: the job's runs fail and reach its alert threshold. */
let failingApp: Server;

useProductPage((opened) => ({ product, page } = opened), { outboundAllow: ['127.0.0.1'] });

beforeAll(async () => {
  failingApp = createServer((_request, response) => response.writeHead(500).end('worker down'));
  await new Promise<void>((resolve) => failingApp.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => failingApp?.close(resolve));
});

const NOW = () => formatDateTime(new Date());
const TASK_NAME = '消息中心回归任务';
const JOB_NAME = '消息中心告警任务';

const ok = (answer: { status: number; body: any }) => {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return answer.body.data;
};

/** A task of one case on its own terminal, run by the administrator; the terminal's agent reports the case failed. */
async function failARun(): Promise<string> {
  const db = product.server.db;
  const terminalId = nextId();
  await db.query(
    `INSERT INTO blade_terminal (id, tenant_id, terminal_code, terminal_name, running_status, create_time, update_time) VALUES ($1, '000000', 'TM-MSG', 'TM-MSG', 1, $2, $2)`,
    [terminalId, NOW()],
  );
  const taskId = nextId();
  await db.query(
    `INSERT INTO blade_task (id, tenant_id, task_code, task_name, run_status, terminal_id, create_time, update_time) VALUES ($1, '000000', 'E2E-MSG-001', $2, 0, $3, $4, $4)`,
    [taskId, TASK_NAME, terminalId, NOW()],
  );
  const scriptId = nextId();
  await db.query(
    `INSERT INTO blade_test_script (id, tenant_id, script_code, script_path, version, audit_status, create_time, update_time) VALUES ($1, '000000', 'S-MSG', 'script/msg.py', '1', 1, $2, $2)`,
    [scriptId, NOW()],
  );
  const caseId = nextId();
  await db.query(
    `INSERT INTO blade_test_case (id, tenant_id, case_code, case_title, test_script_id, audit_status, create_time, update_time) VALUES ($1, '000000', 'C-MSG', '失败的用例', $2, 1, $3, $3)`,
    [caseId, scriptId, NOW()],
  );
  await db.query(`INSERT INTO blade_task_test_case (id, tenant_id, task_id, test_case_id, sort, create_time, update_time) VALUES ($1, '000000', $2, $3, 1, $4, $4)`, [
    nextId(),
    taskId,
    caseId,
    NOW(),
  ]);
  const agentToken = ok(await apiCall(product, token, `/gateway/blade-terminal/terminalManagement/issueToken?id=${terminalId}`, {})).token as string;
  ok(await apiCall(product, token, '/gateway/blade-task/task/execute', { id: taskId }));
  const agent = { Authorization: `Bearer ${agentToken}`, 'Content-Type': 'application/json' };
  const next = (await (await fetch(`${product.url}/api/blade-agent/next?wait=0`, { headers: agent })).json()) as { data: { caseId: string } };
  const reported = await fetch(`${product.url}/api/blade-agent/result`, {
    method: 'POST',
    headers: agent,
    body: JSON.stringify({ caseId: next.data.caseId, status: 'failed', exitCode: 1, durationMs: 5 }),
  });
  expect(reported.status).toBe(200);
  return taskId;
}

/** A job whose every run fails, alerting the administrator at the first failure; run once. */
async function alertAJob(): Promise<void> {
  ok(
    await apiCall(product, token, '/api/blade-job/job-server/submit', {
      jobServerName: '消息中心应用',
      jobServerUrl: `http://127.0.0.1:${(failingApp.address() as AddressInfo).port}/dispatch`,
      jobAppName: 'msgcentre',
      jobAppPassword: 'App-secret-1',
    }),
  );
  const appId = ok(await apiCall(product, token, '/api/blade-job/job-server/list?jobAppName=msgcentre')).records[0].id;
  ok(
    await apiCall(product, token, '/api/blade-job/job-info/submit', {
      jobServerId: appId,
      jobName: JOB_NAME,
      timeExpressionType: 1,
      processorType: 4,
      processorInfo: 'msgcentre',
      notifyUserIds: SEED_IDS.admin,
      alertThreshold: 1,
      statisticWindowLen: 600,
      silenceWindowLen: 600,
    }),
  );
  const jobId = ok(await apiCall(product, token, `/api/blade-job/job-info/list?jobName=${encodeURIComponent(JOB_NAME)}`)).records[0].id;
  ok(await apiCall(product, token, `/api/blade-job/job-info/run?id=${jobId}`, {}));
  await until('the alert', async () => ok(await apiCall(product, token, `${MESSAGE_API}/list?category=alert`)).total > 0);
}

const bell = () => page.locator('.app-header button[aria-label="通知"]');
const bellBadge = () => page.locator('.app-header .header-tools__badge').filter({ has: page.locator('button[aria-label="通知"]') });
const popover = () => page.locator('.ant-popover:visible');
const tab = (name: string) => popover().getByRole('tab', { name: new RegExp(`^${name}`) });
/** Waits until the badge shows `count` (none at all for 0). */
async function badgeShows(badge: Locator, count: number) {
  const number = badge.locator(':scope > .ant-scroll-number');
  if (count === 0) await number.waitFor({ state: 'detached' });
  else await badge.locator(`:scope > .ant-scroll-number[title="${count}"]`).waitFor();
}
const tabBadge = (name: string) => tab(name).locator('.ant-badge');

describe('the message centre', () => {
  it('counts a failed run and a job alert on the bell and the 消息 tab, and marks them read', async () => {
    token = await apiLogin(product, 'admin', ADMIN_PASSWORD);
    const taskId = await failARun();
    await alertAJob();
    await loginAs(page, product);

    // Both reach the bell and its 消息 tab; once the notices have been looked at (the bell opens on them when there
    // are new ones), the bell counts the two messages alone: the administrator has no open workflow task.
    await bellBadge().locator(':scope > .ant-scroll-number').waitFor();
    await bell().click();
    await popover().waitFor();
    await tab('消息').click();
    await popover().getByRole('tab', { selected: true }).filter({ hasText: '消息' }).waitFor();
    await badgeShows(tabBadge('消息'), 2);
    await badgeShows(tabBadge('通知'), 0);
    await badgeShows(tabBadge('待办'), 0);
    await badgeShows(bellBadge(), 2);
    const runMessage = popover().locator('.notice-popover__item--unread').filter({ hasText: `测试任务「${TASK_NAME}」执行失败` });
    await runMessage.waitFor();
    await popover().locator('.notice-popover__item--unread').filter({ hasText: `任务调度告警：${JOB_NAME}` }).waitFor();
    await animationsEnded(popover());
    await snap(page, 'message-centre-popover');

    // Opening the run's message goes to its task and marks it read: one fewer on the bell.
    await runMessage.click();
    await page.waitForURL(new RegExp(`/test/task/${taskId}$`));
    await badgeShows(bellBadge(), 1);
    const drawer = page.locator('.ant-drawer-content').filter({ hasText: TASK_NAME });
    await drawer.waitFor();
    await snap(page, 'message-centre-run-task');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // 我的消息: the unread filter shows the alert alone; 全部已读 clears it.
    await bell().click();
    await popover().waitFor();
    await tab('消息').click();
    await badgeShows(tabBadge('消息'), 1);
    await animationsEnded(popover());
    await popover().getByRole('button', { name: '查看全部' }).click();
    await page.waitForURL(/\/message\/list$/);
    const listPage = page.locator('.message-list-page');
    await listPage.getByRole('row').filter({ hasText: `测试任务「${TASK_NAME}」执行失败` }).waitFor();
    await listPage.locator('.ant-segmented').getByText('未读', { exact: true }).click();
    await listPage.getByRole('row').filter({ hasText: `测试任务「${TASK_NAME}」执行失败` }).waitFor({ state: 'detached' });
    await listPage.getByRole('row').filter({ hasText: `任务调度告警：${JOB_NAME}` }).waitFor();
    expect(await listPage.locator('.ant-table-row').count()).toBe(1);
    await snap(page, 'message-centre-list-unread');
    await listPage.getByRole('button', { name: '全部已读' }).click();
    await page.locator('.ant-message').getByText('已全部标为已读').waitFor();
    await listPage.locator('.ant-table-row').first().waitFor({ state: 'detached' });
    await badgeShows(bellBadge(), 0);
    await listPage.locator('.ant-segmented').getByText('全部', { exact: true }).click();
    await listPage.locator('.ant-table-row').nth(1).waitFor();
    expect(await listPage.locator('.ant-table-row').count()).toBe(2);
    await snap(page, 'message-centre-list');
  });
});
