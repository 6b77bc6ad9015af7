import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from './browser';
import { chooseOption, CrudPage, formItem, pickOption } from './crudPage';
import { ADMIN_PASSWORD, apiCall, apiLogin, loginAs, useProductPage, type ProductPage } from './product';

let opened: ProductPage;
let page: Page;
useProductPage((product) => {
  opened = product;
  page = product.page;
});

const idOf = async (table: string, column: string, value: string) => {
  const [row] = await opened.product.server.db.query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE ${column} = $1 AND is_deleted = 0`, [value]);
  return row.id;
};

describe('resource screens on the machinery: routes, sections, pickers, labels', () => {
  it('logs in', async () => {
    await loginAs(page, opened.product);
  });

  it('opens a terminal drawer from a pasted link, with its sections and the tool chain filled by picked devices', async () => {
    const terminals = new CrudPage(page, opened.product.url, '/test/terminal');
    const id = await idOf('blade_terminal', 'terminal_code', 'TM-001');
    await terminals.open(`/${id}/edit`);
    await terminals.form.waitFor();
    expect(await terminals.sectionTitles()).toEqual(['基本信息', '终端代理', '工具链信息', '测试对象信息']);
    const chain = terminals.section('工具链信息');
    // Device codes are picked rows: the select shows the code, name and unique code are filled in.
    await chain.getByText('TD-OSC-01').waitFor();
    await chain.getByText('数字示波器 MSO5104').waitFor();
    await terminals.section('测试对象信息').getByText('TO-METER-01').waitFor();
    await snap(page, 'terminal-edit-sections');
    // A reload shows the same drawer; closing it goes back to the list with its query string.
    await page.reload();
    await terminals.form.waitFor();
    await terminals.section('工具链信息').getByText('TD-OSC-01').waitFor();
    await terminals.close();
    expect(new URL(page.url()).pathname).toBe('/test/terminal');
    // The running status shows its label, never the raw code.
    await terminals.table.locator('.ant-table-row').first().getByText(/空闲|运行中|离线|异常/).first().waitFor();
  });

  it('hides the test-object section when adding a terminal', async () => {
    const terminals = new CrudPage(page, opened.product.url, '/test/terminal');
    await terminals.open('/new');
    await terminals.form.waitFor();
    expect(await terminals.sectionTitles()).toEqual(['基本信息', '工具链信息']);
    await terminals.close();
  });

  it('shows a project manager by name, and adds and removes members from a user picker', async () => {
    const projects = new CrudPage(page, opened.product.url, '/test/project');
    await projects.open();
    await projects.rowAction('PRJ-2024-001', '编辑');
    expect(new URL(page.url()).pathname).toMatch(/^\/test\/project\/\d+\/edit$/);
    // The manager is a user picked by name: the select shows the name, not an id, the one the description names.
    const basic = projects.section('基本信息');
    await basic.locator('.ant-select-selection-item', { hasText: '张伟' }).first().waitFor();
    expect(await basic.locator('textarea').inputValue()).toContain('负责人 张伟');
    const members = projects.section('项目成员');
    // The seeded members: the manager among them.
    await members.locator('.ant-table-row').filter({ hasText: 'zhangwei' }).waitFor();
    await members.getByRole('button', { name: /添加项目成员/ }).click();
    const picker = page.locator('.ant-modal-content').filter({ hasText: '添加用户管理' });
    await chooseOption(picker.locator('.crud-link-picker'), 'tester');
    // The multiple select keeps its list open; a click on the dialog's title closes it.
    await picker.locator('.ant-modal-title').click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await members.getByText('tester').first().waitFor();
    await snap(page, 'project-members');
    await members.locator('.ant-table-row').filter({ hasText: 'tester' }).getByRole('button', { name: /删\s*除/ }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => members.locator('.ant-table-row').filter({ hasText: 'tester' }).count()).toBe(0);
    await projects.close();
  });

  it('keeps the list filter in the address, and restores it on reload', async () => {
    const tasks = new CrudPage(page, opened.product.url, '/test/task');
    await tasks.open();
    const search = page.locator('form.crud-search');
    await search.getByLabel('任务编号').fill('TASK-0001');
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => page.locator('.crud-page .ant-table-row').count()).toBe(1);
    expect(decodeURIComponent(page.url())).toContain('TASK-0001');
    await page.reload();
    await tasks.table.waitFor();
    await expect.poll(() => page.locator('.crud-page .ant-table-row').count()).toBe(1);
    expect(await search.getByLabel('任务编号').inputValue()).toBe('TASK-0001');
    // Not-yet numbers are empty, and the module path is readable.
    await tasks.row('TASK-0001').getByText(/模块\//).waitFor();
    await snap(page, 'task-list-filtered');
  });

  it('opens a parameter modal from a pasted link; the back button closes it and keeps the list', async () => {
    const params = new CrudPage(page, opened.product.url, '/system/param');
    const param = { id: '1900000000000000777', param_key: 'e2e.deeplink' };
    await opened.product.server.db.query(
      `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, is_deleted)
       VALUES ($1, '000000', '深链参数', $2, 'v', '2024-01-01 00:00:00', '2024-01-01 00:00:00', 0)`,
      [param.id, param.param_key],
    );
    await params.open();
    await page.goto(`${opened.product.url}/system/param/${param.id}/edit`);
    await params.form.waitFor();
    await expect.poll(() => params.form.locator('input').nth(1).inputValue()).toBe(param.param_key);
    await page.goBack();
    await params.form.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/system/param');
    await params.table.waitFor();
  });

  it('shows the task record list read-only to the administrator: no add, edit or delete', async () => {
    const records = new CrudPage(page, opened.product.url, '/test/taskrecord');
    await records.open();
    await records.table.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.crud-page').getByRole('button', { name: /新\s*增|删\s*除/ }).count()).toBe(0);
    expect(await records.table.locator('.ant-table-row').first().getByText('编辑', { exact: true }).count()).toBe(0);
    // Coded statuses read as labels.
    await records.table.getByText(/执行成功|执行失败|执行中|待执行|已取消/).first().waitFor();
  });

  it('scrolls a list wider than its card sideways, with the action column in view and its shadow while rows continue under it', async () => {
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1000, height: viewport.height });
    try {
      // Counts the scrollbar-measuring elements rc-table adds to the page (each one costs a style and layout pass).
      await page.addInitScript(() => {
        const own = window as Window & { scrollbarMeasures?: number };
        own.scrollbarMeasures = 0;
        new MutationObserver((changes) => {
          for (const change of changes) for (const node of change.addedNodes) if (node instanceof Element && node.id.startsWith('rc-scrollbar-measure-')) own.scrollbarMeasures! += 1;
        }).observe(document, { childList: true, subtree: true });
      });
      const users = new CrudPage(page, opened.product.url, '/system/user');
      await users.open();
      await users.row('admin').waitFor();
      const box = users.table.locator('.ant-table-content');
      const actions = users.row('admin').locator('td').last();
      const inView = async () => {
        const [outer, inner] = [await box.boundingBox(), await actions.boundingBox()];
        return inner!.x >= outer!.x - 1 && inner!.x + inner!.width <= outer!.x + outer!.width + 1;
      };
      const shadowed = () => users.table.evaluate((table) => table.classList.contains('ant-table-ping-right'));
      expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await inView()).toBe(true);
      await expect.poll(shadowed).toBe(true);
      // No hidden row measuring the columns: the table is laid out once.
      expect(await users.table.locator('.ant-table-measure-row').count()).toBe(0);
      // Nor its scrollbar measured: a table without a fixed header does not use the figure.
      expect(await page.evaluate(() => (window as Window & { scrollbarMeasures?: number }).scrollbarMeasures)).toBe(0);

      await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect.poll(shadowed).toBe(false);
      expect(await inView()).toBe(true);
      await box.evaluate((element) => element.scrollTo({ left: 0 }));
      await expect.poll(shadowed).toBe(true);
      await snap(page, 'list-scrolls-sideways');

      // Wide enough for every column: no scrolling, no shadow; narrow again: the shadow is back.
      await page.setViewportSize({ width: 1800, height: viewport.height });
      await expect.poll(() => box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
      await expect.poll(shadowed).toBe(false);
      await page.setViewportSize({ width: 1000, height: viewport.height });
      await expect.poll(shadowed).toBe(true);

      // An empty list wider than its card: 暂无数据 in the middle of the visible part, not of all the columns.
      const errors = new CrudPage(page, opened.product.url, '/monitor/log/error');
      await errors.open();
      const empty = errors.table.locator('.ant-empty');
      await empty.waitFor();
      const emptyBox = errors.table.locator('.ant-table-content');
      expect(await emptyBox.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      const [outer, inner] = [await emptyBox.boundingBox(), await empty.boundingBox()];
      expect(Math.abs(inner!.x + inner!.width / 2 - (outer!.x + outer!.width / 2))).toBeLessThan(20);
    } finally {
      await page.setViewportSize(viewport);
    }
  });

  it('uploads an attachment, downloads it under its own name, and deletes it so its link no longer serves it', async () => {
    const attachments = new CrudPage(page, opened.product.url, '/resource/attach');
    await attachments.open();
    await page.getByRole('button', { name: /上\s*传/ }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '附件上传' });
    await dialog.locator('input[type=file]').setInputFiles({ name: '测试报告.txt', mimeType: 'text/plain', buffer: Buffer.from('report of run 1\n') });
    await page.locator('.ant-message').getByText('上传成功: 测试报告.txt').waitFor();
    await snap(page, 'attach-upload');
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    const row = attachments.row('测试报告.txt');
    await row.waitFor();
    expect(await row.innerText()).toMatch(/txt[\s\S]*16 B[\s\S]*\/api\/blade-resource\/oss\/endpoint\/file\//);
    const link = (await row.locator('td').filter({ hasText: '/api/blade-resource/oss/endpoint/file/' }).innerText()).trim();
    // The link opens the file in a new tab.
    expect(await row.locator('a.attach-link').getAttribute('href')).toBe(link);
    expect(await row.locator('a.attach-link').getAttribute('target')).toBe('_blank');

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /下\s*载/ }).click();
    expect((await download).suggestedFilename()).toBe('测试报告.txt');

    await row.getByRole('button', { name: /删\s*除/ }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message, .ant-notification').getByText('删除成功', { exact: true }).waitFor();
    await expect.poll(() => attachments.row('测试报告.txt').count()).toBe(0);
    expect((await fetch(`${opened.product.url}${link}`)).status).toBe(404);
  });

  it('shows sign-ins and refused sign-ins with their outcome in the API log, and an account lock and unlock in the usual log', async () => {
    for (let attempt = 0; attempt < 5; attempt++) await apiLogin(opened.product, 'tester', 'wrong-password').catch(() => undefined);
    const apiLogs = new CrudPage(page, opened.product.url, '/monitor/log/api');
    await apiLogs.open();
    expect(await apiLogs.table.locator('thead').innerText()).toMatch(/结果[\s\S]*结果说明/);
    // A refused sign-in: 失败 with the message the caller got, from a plain IPv4 address.
    const refused = apiLogs.row('用户名或密码错误').first();
    await refused.getByText('失败').waitFor();
    expect(await refused.innerText()).toContain('tester');
    expect(await refused.innerText()).not.toContain('::ffff:');
    await apiLogs.row('登录用户验证').filter({ hasText: '成功' }).first().waitFor();
    await snap(page, 'api-log-list');
    await apiLogs.row('成功').filter({ hasText: 'admin' }).first().getByRole('button', { name: /查\s*看/ }).click();
    await apiLogs.form.getByText('/api/blade-auth/oauth/token').first().waitFor();
    const params = await apiLogs.form.getByText(/"grant_type":"captcha"/).innerText();
    expect(params).toContain('"password":"******"');
    await snap(page, 'api-log-view');
    await apiLogs.close();

    const admin = await apiLogin(opened.product, 'admin', ADMIN_PASSWORD);
    const testerId = await idOf('blade_user', 'account', 'tester');
    expect((await apiCall(opened.product, admin, `/api/blade-system/user/unlock?userIds=${testerId}`, {})).body.code).toBe(200);
    const usualLogs = new CrudPage(page, opened.product.url, '/monitor/log/usual');
    await usualLogs.open();
    await usualLogs.row('账号 tester 连续5次密码错误，已锁定30分钟').getByText('WARN').waitFor();
    await usualLogs.row('账号 tester 已由 admin 解封').getByText('INFO').waitFor();
    await snap(page, 'usual-log');
  });

  it('schedules the demo task: turns its job on, runs it from 运行记录, and adds a job whose timing the server checks', async () => {
    const jobs = new CrudPage(page, opened.product.url, '/job/jobinfo');
    await jobs.open();
    const demo = jobs.row('演示任务每日回归');
    expect(await demo.innerText()).toMatch(/自动化测试[\s\S]*停止[\s\S]*CRON[\s\S]*0 0 2 \* \* \?/);
    await demo.getByRole('button', { name: /启\s*停/ }).click();
    const dialog = page.locator('.crud-operation-dialog');
    // The dialog starts from the job's current state; it is filled once the row's detail is in.
    await expect.poll(() => dialog.getByLabel('停止').isChecked()).toBe(true);
    await dialog.getByLabel('开启').check();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('启停成功').waitFor();
    await expect.poll(() => demo.innerText()).toMatch(/开启[\s\S]*\d{4}-\d\d-\d\d 02:00:00/);

    await jobs.rowAction('演示任务每日回归', '运行记录');
    const drawer = page.locator('.job-instances');
    await drawer.getByText('该任务还没有运行过').waitFor();
    await drawer.getByRole('button', { name: /运\s*行/ }).click();
    const run = drawer.locator('.ant-table-row').first();
    await run.getByText('成功').waitFor();
    expect(await run.innerText()).toMatch(/手动运行[\s\S]*DEMO-RUN-001[\s\S]*排队中[\s\S]*通过 0\/3[\s\S]*已启动测试任务: DEMO-RUN-001（执行记录 \d+）/);
    await snap(page, 'job-instances');
    // The started run opens its report, as in 执行记录.
    await run.getByRole('button', { name: 'DEMO-RUN-001' }).click();
    const report = page.locator('.run-report-modal');
    await report.getByText('登录冒烟测试（通过）').waitFor();
    await report.locator('.ant-modal-close').click();
    await report.waitFor({ state: 'hidden' });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    // The list shows the job's newest run.
    await expect.poll(() => demo.innerText()).toMatch(/02:00:00[\s\S]*成功/);
    const taskRuns = await opened.product.server.db.query("SELECT count(*)::int AS n FROM blade_task_run WHERE task_code = 'DEMO-RUN-001'");
    expect(taskRuns[0].n).toBe(1);

    await page.getByRole('button', { name: /新\s*增/ }).click();
    await pickOption(jobs.form, '任务应用', '自动化测试');
    await formItem(jobs.form, '任务名称').locator('input').fill('清理运行记录');
    await pickOption(jobs.form, '定时信息', '固定频率(毫秒)');
    await formItem(jobs.form, '时间表达式').locator('input').fill('500');
    await formItem(jobs.form, '处理器参数').locator('input').fill('cleanJobInstances');
    // 报警用户 are picked by name from the tenant's users, several at once.
    await pickOption(jobs.form, '报警用户', '测试员');
    await pickOption(jobs.form, '报警用户', '管理员');
    await jobs.form.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('固定频率与固定延迟不能小于 1000 毫秒').waitFor();
    // The form stays open with what was typed.
    expect(await formItem(jobs.form, '任务名称').locator('input').inputValue()).toBe('清理运行记录');
    await formItem(jobs.form, '时间表达式').locator('input').fill('3600000');
    await jobs.form.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message, .ant-notification').getByText('新增成功').waitFor();
    await expect.poll(() => jobs.row('清理运行记录').innerText()).toMatch(/开启[\s\S]*固定频率\(毫秒\)[\s\S]*3600000[\s\S]*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await snap(page, 'job-list');
    // Opened again, the form names the picked users before any search.
    await jobs.rowAction('清理运行记录', '编辑');
    const alertUsers = formItem(jobs.form, '报警用户').locator('.ant-select-selection-item');
    await expect.poll(() => alertUsers.allInnerTexts()).toEqual(['测试员', '管理员']);
    await alertUsers.first().scrollIntoViewIfNeeded();
    await snap(page, 'job-alert-users');
    await jobs.form.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('shows a menu entry without a screen inside the layout', async () => {
    // Every seeded entry has its screen: an administrator adds one for a page this build does not have.
    const admin = await apiLogin(opened.product, 'admin', ADMIN_PASSWORD);
    const added = await apiCall(opened.product, admin, '/api/blade-system/menu/submit', {
      name: '外部看板',
      code: 'ext_board',
      alias: 'menu',
      path: '/ext/board',
      parentId: '0',
      category: 1,
      action: 0,
      isOpen: 1,
      sort: 99,
      source: 'AppstoreOutlined',
    });
    expect(added.body, JSON.stringify(added.body)).toMatchObject({ code: 200 });
    await page.goto(`${opened.product.url}/ext/board`);
    await page.getByText('该页面尚未开放').waitFor();
    await page.locator('.ant-layout-sider').waitFor();
    await snap(page, 'screen-missing');
  });
});
