/**
 * Drives BladeX's own Vue client (Saber), built elsewhere and proxying `/api` to our server, through add → view →
 * edit → delete on every shared screen, in one page load, and prints one line per screen (ok / what failed): every
 * refused request (HTTP ≥ 400 or an envelope code other than 200), every red toast, a row that did not appear, did
 * not change, appeared twice or did not go away. Run by hand only (never in CI):
 *
 *   SABER_URL=http://localhost:4611 SABER_PASSWORD=… node tests/saber/drive-saber.mjs [screen…]
 *
 * Saber 4.x (the open-source client) signs in on SpringBlade's `/blade-auth/token` (camel-case `grantType`, the
 * password SM2-encrypted with a key of its build, the tokens in the Blade envelope); that one exchange is bridged
 * here onto our `/blade-auth/oauth/token`, every other request reaches our server unchanged.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const SABER_URL = process.env.SABER_URL?.replace(/\/$/, '');
if (!SABER_URL) {
  console.error('SABER_URL is not set: the address of a Saber build whose /api reaches our server');
  process.exit(2);
}
const TENANT = process.env.SABER_TENANT ?? '000000';
const ACCOUNT = process.env.SABER_ACCOUNT ?? 'admin';
const PASSWORD = process.env.SABER_PASSWORD ?? '';
const SHOTS = process.env.SABER_SHOTS ?? 'screenshots/saber';
const STEP_MS = Number(process.env.SABER_STEP_MS ?? 60_000);
const CLIENT = 'Basic ' + Buffer.from('saber:saber_secret').toString('base64');

/** Unique per run, so that a row of this run is found by its text and never mistaken for another. */
const RUN = `S${Date.now().toString(36).slice(-3)}`;

// ---------------------------------------------------------------------------------------------------------------
// The login bridge (SpringBlade's token exchange → BladeX's).

async function bridgeToken(route) {
  const asked = new URL(route.request().url());
  const grant = asked.searchParams.get('grantType') === 'refresh_token' ? 'refresh_token' : 'password';
  const params = new URLSearchParams({ grant_type: grant, scope: 'all', tenantId: TENANT });
  if (grant === 'refresh_token') params.set('refresh_token', asked.searchParams.get('refreshToken') ?? '');
  else {
    params.set('username', asked.searchParams.get('account') ?? ACCOUNT);
    params.set('password', createHash('md5').update(PASSWORD).digest('hex'));
  }
  const answer = await fetch(`${SABER_URL}/api/blade-auth/oauth/token?${params}`, {
    method: 'POST',
    headers: { Authorization: CLIENT, 'Tenant-Id': TENANT },
  });
  const body = await answer.json();
  const data = body.access_token
    ? {
        accessToken: body.access_token,
        refreshToken: body.refresh_token,
        tokenType: body.token_type,
        expiresIn: body.expires_in,
        tenantId: body.tenant_id,
        userId: body.user_id,
        account: body.account,
        userName: body.user_name,
        nickName: body.nick_name,
        realName: body.real_name,
        avatar: body.avatar,
        authority: body.role_name,
      }
    : undefined;
  const envelope = data
    ? { code: 200, success: true, data, msg: '操作成功' }
    : { code: 400, success: false, data: null, msg: body.error_description ?? '登录失败' };
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(envelope) });
}

async function bridgeCaptcha(route) {
  const answer = await fetch(`${SABER_URL}/api/blade-auth/oauth/captcha`);
  // SpringBlade answers the captcha in the envelope, BladeX bare.
  const envelope = { code: 200, success: true, data: await answer.json(), msg: '操作成功' };
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(envelope) });
}

// ---------------------------------------------------------------------------------------------------------------
// What went wrong on the wire and on screen while one screen was driven.

let problems = [];
const note = (text) => {
  if (!problems.includes(text)) problems.push(text);
};

function watchWire(page) {
  if (process.env.SABER_DEBUG) {
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/')) console.error(`POST ${request.url()} ${request.postData() ?? ''}`);
    });
  }
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const where = `${response.request().method()} ${url.pathname}${url.search.length > 1 ? url.search.slice(0, 80) : ''}`;
    if (response.status() >= 400) {
      note(`${where} → HTTP ${response.status()} ${(await response.text().catch(() => '')).slice(0, 120)}`);
      return;
    }
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const body = await response.json().catch(() => undefined);
    if (body && typeof body.code === 'number' && body.code !== 200) note(`${where} → ${body.code} ${body.msg ?? ''}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 160)}`));
}

async function toasts(page) {
  const texts = await page.locator('.el-message--error, .el-message--warning').allInnerTexts();
  for (const text of texts) note(`toast: ${text.trim()}`);
}

// ---------------------------------------------------------------------------------------------------------------
// In-page access to the avue-crud in view: its dialog form model, its dictionaries and columns.

/** Runs in the page: the avue components' instances (Vue 3 keeps the owner on each element). */
const PAGE_HELPERS = `
window.__saberCrud = (index) => {
  // Production Vue keeps no owner on elements: walk the component tree from the app's root.
  const found = [];
  const walk = (vnode) => {
    if (!vnode || typeof vnode !== 'object') return;
    if (vnode.component) {
      if (vnode.component.proxy && 'tableForm' in vnode.component.proxy) found.push(vnode.component);
      walk(vnode.component.subTree);
    }
    if (Array.isArray(vnode.children)) vnode.children.forEach(walk);
    if (vnode.suspense) walk(vnode.suspense.activeBranch);
  };
  walk(document.querySelector('#app')._vnode);
  const visible = found.filter((instance) => instance.subTree.el && instance.subTree.el.offsetParent !== null);
  const instance = index === 'last' ? visible[visible.length - 1] : visible[index ?? 0];
  return instance && instance.proxy;
};
window.__saberFill = (index, values, mode) => {
  const crud = window.__saberCrud(index);
  const option = crud.tableOption || crud.option;
  const columns = [...(option.column || []), ...(option.group || []).flatMap((group) => group.column || [])];
  const filled = {};
  const first = (list) => (list && list.length ? list[0] : undefined);
  for (const column of columns) {
    const prop = column.prop;
    if (prop in values) { filled[prop] = values[prop]; continue; }
    if (mode !== 'add') continue;
    const required = (column.rules || []).some((rule) => rule.required);
    if (!required || column.addDisplay === false || column.display === false) continue;
    const current = crud.tableForm[prop];
    if (current !== undefined && current !== null && current !== '' && !(Array.isArray(current) && !current.length)) continue;
    const dic = crud.DIC && crud.DIC[prop];
    const valueKey = (column.props && column.props.value) || 'value';
    if (['select', 'tree', 'radio', 'checkbox', 'cascader'].includes(column.type)) {
      const option = first(dic);
      if (option === undefined) continue;
      const value = option[valueKey];
      const many = column.multiple || column.type === 'checkbox' || column.type === 'cascader';
      filled[prop] = many ? (column.dataType === 'string' ? String(value) : [value]) : value;
    } else if (column.type === 'number' || column.type === 'switch') filled[prop] = 1;
    else if (['date', 'datetime'].includes(column.type)) filled[prop] = column.type === 'date' ? '2026-01-01' : '2026-01-01 00:00:00';
    else if (column.type === 'password') filled[prop] = 'Saber_Pass1';
    else filled[prop] = values.$text + (Object.keys(filled).length % 10);
  }
  delete filled.$text;
  // The screen's own model too: its watchers read it (and write it back into the form).
  if (crud.modelValue && typeof crud.modelValue === 'object') Object.assign(crud.modelValue, filled);
  Object.assign(crud.tableForm, filled);
  return filled;
};

window.__saberShown = (index) => {
  const crud = window.__saberCrud(index);
  const option = crud.tableOption || crud.option;
  return [...(option.column || [])].filter((column) => !column.hide && column.showColumn !== false).map((column) => column.prop);
};
`;

const crudFill = (page, index, values, mode) => page.evaluate(([i, v, m]) => window.__saberFill(i, v, m), [index, values, mode]);

/** A table row showing this text, in the crud at `scope` (main page or drawer). */
const rowOf = (scope, text) => scope.locator('.el-table__body tr').filter({ hasText: text });

const button = (scope, name) => scope.getByRole('button', { name: new RegExp(`^\\s*${name.split('').join('\\s*')}\\s*$`) });

async function waitIdle(page) {
  await page.waitForLoadState('networkidle', { timeout: STEP_MS }).catch(() => undefined);
}

/** As a person does: the sidebar's group, then its item (in-app navigation, the page is never reloaded). */
async function openScreen(page, { path, menu: [group, item] }) {
  const sidebar = page.locator('.avue-sidebar');
  const entry = sidebar.locator('.el-menu-item').filter({ hasText: new RegExp(`^\\s*${item}\\s*$`) }).first();
  if (!(await entry.isVisible())) await sidebar.locator('.el-sub-menu__title').filter({ hasText: group }).first().click();
  await entry.click();
  await page.waitForFunction((to) => location.pathname === to, path, { timeout: STEP_MS });
  await waitIdle(page);
}

const openDialog = (page) => page.locator('.el-dialog:visible, .el-drawer:visible .el-dialog:visible').last();

async function dialogClosed(page, dialog) {
  await dialog.waitFor({ state: 'hidden', timeout: STEP_MS });
}

/**
 * Add → view → edit → delete on the crud at `index` of the screen in view. `values` fills fields (anything required
 * and not given is filled from the column: a dictionary's first option, a number, a text with the run's mark);
 * `edit` names the field changed on edit and the text it gets.
 */
async function crudCycle(page, { index = 0, scope = page, values = {}, mark, editProp, addButton = '新增' }) {
  const text = mark;
  await button(scope, addButton).first().click();
  let dialog = openDialog(page);
  await dialog.waitFor({ timeout: STEP_MS });
  await waitIdle(page);
  const filled = await crudFill(page, index, { ...values, $text: text }, 'add');
  // Screens derive fields from others in watchers (数据权限's name from its type): the texts are set again after them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const texts = Object.fromEntries(Object.entries(filled).filter(([, value]) => typeof value === 'string' && value.startsWith(text)));
  await crudFill(page, index, texts, 'edit');
  await button(dialog, '保存').click();
  await dialogClosed(page, dialog).catch(async () => {
    const errors = await dialog.locator('.el-form-item__error').allInnerTexts();
    throw new Error(`add not saved${errors.length ? `: ${errors.join('; ')}` : ''} (filled ${JSON.stringify(filled)})`);
  });
  await waitIdle(page);
  const added = rowOf(scope, text);
  await added.first().waitFor({ timeout: STEP_MS }).catch(() => {
    throw new Error('the added row is not in the table');
  });
  if ((await added.count()) !== 1) throw new Error(`${await added.count()} rows after add`);

  await button(added, '查看').click();
  dialog = openDialog(page);
  await dialog.waitFor({ timeout: STEP_MS });
  await waitIdle(page);
  const viewed = await dialog.evaluate((node) => [...node.querySelectorAll('input, textarea')].map((input) => input.value).join(' ') + node.innerText);
  if (!viewed.includes(text)) throw new Error('view does not show the added row');
  await page.keyboard.press('Escape');
  await dialogClosed(page, dialog);

  const changed = `${text}E`;
  await button(rowOf(scope, text), '编辑').click();
  dialog = openDialog(page);
  await dialog.waitFor({ timeout: STEP_MS });
  await waitIdle(page);
  const shown = await page.evaluate((i) => window.__saberShown(i), index);
  // A secret is never shown in the table (nor answered): the change must be one the table shows.
  const prop = editProp ?? Object.keys(texts).find((key) => shown.includes(key) && !/secret|password/i.test(key));
  if (!prop) throw new Error('no text field to edit');
  await crudFill(page, index, { [prop]: `${changed}${filled[prop].slice(text.length)}` }, 'edit');
  await button(dialog, '修改').click();
  await dialogClosed(page, dialog).catch(async () => {
    const errors = await dialog.locator('.el-form-item__error').allInnerTexts();
    throw new Error(`edit not saved${errors.length ? `: ${errors.join('; ')}` : ''}`);
  });
  await waitIdle(page);
  const edited = rowOf(scope, changed);
  await edited.first().waitFor({ timeout: STEP_MS }).catch(() => {
    throw new Error('the edited value is not in the table');
  });
  const rows = await rowOf(scope, text).count();
  if (rows !== 1) throw new Error(`${rows} rows after edit (duplicate)`);

  await button(edited, '删除').click();
  await button(page.locator('.el-message-box'), '确定').click();
  await rowOf(scope, text).first().waitFor({ state: 'detached', timeout: STEP_MS }).catch(() => {
    throw new Error('the row is still there after delete');
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The screens.

const SCREENS = {
  user: { path: '/system/user', menu: ['系统管理', '用户管理'], values: (m) => ({ account: m.toLowerCase(), password: 'Saber_Pass1', password2: 'Saber_Pass1' }) },
  dept: { path: '/system/dept', menu: ['系统管理', '部门管理'] },
  post: { path: '/system/post', menu: ['系统管理', '岗位管理'] },
  role: { path: '/authority/role', menu: ['权限管理', '角色管理'], after: grantRole },
  menu: { path: '/system/menu', menu: ['系统管理', '菜单管理'], values: (m) => ({ code: m, path: `/${m.toLowerCase()}` }) },
  dict: { path: '/system/dict', menu: ['系统管理', '字典管理'] },
  param: { path: '/system/param', menu: ['系统管理', '参数管理'] },
  tenant: { path: '/system/tenant', menu: ['系统管理', '租户管理'] },
  client: {
    path: '/system/client',
    menu: ['系统管理', '应用管理'],
    values: (m) => ({ clientId: m.toLowerCase(), authorizedGrantTypes: 'refresh_token,password', webServerRedirectUri: 'http://localhost' }),
  },
  topmenu: { path: '/system/topmenu', menu: ['系统管理', '顶部菜单'] },
  region: { path: '/base/region', menu: ['系统管理', '行政区划'], drive: driveRegion },
  datascope: { path: '/authority/datascope', menu: ['权限管理', '数据权限'], drive: (page, mark) => driveScope(page, mark) },
  apiscope: { path: '/authority/apiscope', menu: ['权限管理', '接口权限'], drive: (page, mark) => driveScope(page, mark) },
  datasource: { path: '/tool/datasource', menu: ['研发工具', '数据源管理'], values: () => ({ url: 'jdbc:mysql://localhost:3306/saber' }) },
  notice: { path: '/desk/notice', menu: ['工作台', '通知公告'] },
};

/** 权限设置 of the role just added: select it, open the dialog, grant the trees' first nodes, confirm. */
async function grantRole(page, mark) {
  await crudCycleAdd(page, mark);
  const row = rowOf(page, mark);
  await row.locator('.el-checkbox').first().click();
  await button(page, '权限设置').click();
  const dialog = page.locator('.el-dialog:visible').last();
  await dialog.waitFor({ timeout: STEP_MS });
  await waitIdle(page);
  await dialog.locator('.el-tree-node__content .el-checkbox').first().click();
  await button(dialog, '确定').click();
  await dialogClosed(page, dialog);
  await waitIdle(page);
  await button(row, '删除').click();
  await button(page.locator('.el-message-box'), '确定').click();
  await rowOf(page, mark).first().waitFor({ state: 'detached', timeout: STEP_MS });
}

async function crudCycleAdd(page, mark) {
  await button(page, '新增').first().click();
  const dialog = openDialog(page);
  await dialog.waitFor({ timeout: STEP_MS });
  await waitIdle(page);
  await crudFill(page, 0, { $text: mark }, 'add');
  await button(dialog, '保存').click();
  await dialogClosed(page, dialog);
  await waitIdle(page);
  await rowOf(page, mark).first().waitFor({ timeout: STEP_MS });
}

/** 数据权限 / 接口权限: 权限配置 of the first menu row opens a drawer whose own crud is driven. */
async function driveScope(page, mark) {
  await button(page, '权限配置').first().click();
  const drawer = page.locator('.el-drawer:visible').last();
  await drawer.waitFor({ timeout: STEP_MS });
  await waitIdle(page);
  // The name is prefilled from the menu (测试管理 [全部可见]): it gets the run's mark instead.
  await crudCycle(page, { index: 'last', scope: drawer, mark, values: { scopeName: `${mark}0` } });
}

/** 行政区划: a tree and a form; 新增下级 under the first node, then view (select), edit (rename) and delete it. */
async function driveRegion(page, mark) {
  const tree = page.locator('.avue-tree');
  // Saber reloads its tree after a save, sometimes folded: the first node is opened again (never folded) to see its child.
  const openFirstNode = async () => {
    await waitIdle(page);
    const first = tree.locator('.el-tree-node').first();
    if (!((await first.getAttribute('class')) ?? '').includes('is-expanded')) {
      await first.locator('.el-tree-node__expand-icon').first().click().catch(() => undefined);
    }
  };
  await tree.locator('.el-tree-node__content').first().click();
  await waitIdle(page);
  await button(page, '新增下级').click();
  const sub = String(Date.now()).slice(-4);
  await page.getByPlaceholder('请输入 区划子编号').fill(sub);
  const form = page.locator('.avue-form').first();
  await form.getByPlaceholder('请输入 区划名称', { exact: true }).fill(mark);
  await form.locator('.el-radio').first().click();
  await button(form, '提交').click();
  await waitIdle(page);
  const node = tree.locator('.el-tree-node__content').filter({ hasText: mark });
  await openFirstNode();
  await node.first().waitFor({ timeout: STEP_MS }).catch(() => {
    throw new Error('the added region is not in the tree');
  });
  if ((await node.count()) !== 1) throw new Error(`${await node.count()} nodes after add`);
  await node.click();
  await waitIdle(page);
  // The form is filled when the picked node's detail has come back.
  const nameInput = form.getByPlaceholder('请输入 区划名称', { exact: true });
  for (let tries = 0; (await nameInput.inputValue()) !== mark; tries++) {
    if (tries === 50) throw new Error('selecting the region does not show it');
    await page.waitForTimeout(100);
  }
  await form.getByPlaceholder('请输入 区划名称', { exact: true }).fill(`${mark}E`);
  await button(form, '提交').click();
  await waitIdle(page);
  await openFirstNode();
  const renamed = tree.locator('.el-tree-node__content').filter({ hasText: `${mark}E` });
  await renamed.first().waitFor({ timeout: STEP_MS }).catch(() => {
    throw new Error('the renamed region is not in the tree');
  });
  if ((await tree.locator('.el-tree-node__content').filter({ hasText: mark }).count()) !== 1) throw new Error('duplicate region after edit');
  await renamed.click();
  await button(page, '删除').click();
  await button(page.locator('.el-message-box'), '确定').click();
  await renamed.first().waitFor({ state: 'detached', timeout: STEP_MS }).catch(() => {
    throw new Error('the region is still in the tree after delete');
  });
}

/** A dialog, drawer or confirmation left open by a failed step would hide the next screen. */
async function closeOverlays(page) {
  for (const selector of ['.el-message-box__headerbtn', '.el-dialog__headerbtn', '.el-drawer__close-btn']) {
    for (const close of await page.locator(selector).all()) {
      if (await close.isVisible()) await close.click().catch(() => undefined);
    }
  }
  await page.locator('.el-overlay:visible').first().waitFor({ state: 'hidden', timeout: STEP_MS }).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------------------------

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
page.setDefaultTimeout(STEP_MS);
await page.route('**/api/blade-auth/token**', bridgeToken);
await page.route('**/api/blade-auth/captcha**', bridgeCaptcha);
await page.addInitScript(PAGE_HELPERS);
watchWire(page);
mkdirSync(SHOTS, { recursive: true });

await page.goto(`${SABER_URL}/login`);
await page.locator('input[type=password]').fill(PASSWORD);
await page.locator('.login-code input, input[placeholder*="验证码"]').first().fill('abcde').catch(() => undefined);
await page.locator('.login-submit').click();
await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 }).catch(async () => {
  await page.screenshot({ path: `${SHOTS}/login.png` });
  console.log(`login failed: ${problems.join(' | ') || 'no refused request'} (${SHOTS}/login.png)`);
  await browser.close();
  process.exit(1);
});
await waitIdle(page);
if (problems.length) console.log(`login: ${problems.join(' | ')}`);

const wanted = process.argv.slice(2);
const results = [];
for (const [name, screen] of Object.entries(SCREENS)) {
  if (wanted.length && !wanted.includes(name)) continue;
  problems = [];
  const mark = `${RUN}${name.slice(0, 3).toUpperCase()}`;
  // e.g. S1x9USE: 7 characters, so that mark + a digit fits BladeX's ten-character names.
  let failure = '';
  try {
    await openScreen(page, screen);
    if (screen.drive) await screen.drive(page, mark);
    else {
      await crudCycle(page, { mark, values: screen.values?.(mark) ?? {} });
      if (screen.after) await screen.after(page, `${mark}G`);
    }
  } catch (error) {
    failure = error.message.split('\n')[0];
    if (process.env.SABER_DEBUG) console.error(error.stack);
  }
  await toasts(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await closeOverlays(page);
  const outcome = failure || problems.length ? [failure, ...problems].filter(Boolean).join(' | ') : 'ok';
  results.push([name, outcome]);
  console.log(`${name}: ${outcome}`);
}
await browser.close();
process.exit(results.every(([, outcome]) => outcome === 'ok') ? 0 : 1);
