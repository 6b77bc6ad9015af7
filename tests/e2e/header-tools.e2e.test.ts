import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { animationsEnded, confirmDialogOk, snap } from './browser';
import { ADMIN_PASSWORD, loginAs, useProductPage, type RunningProduct } from './product';
import { readableShade } from '../../src/layout/theme/themes';

let product: RunningProduct;
let page: Page;

useProductPage((opened) => ({ product, page } = opened));

// The newest toast with this text (an earlier identical one may still be fading out).
const toast = (text: string) => page.locator('.ant-message, .ant-notification').getByText(text, { exact: true }).last();
const tool = (label: string) => page.locator(`.app-header button[aria-label="${label}"]`);
const languageSwitch = (label: string) => page.locator('.app-header button').filter({ hasText: label });
const visibleModal = () => page.locator('.ant-modal-wrap:visible .ant-modal-content');
const formError = (text: string) => page.locator('.ant-form-item-explain-error').getByText(text, { exact: true });

const confirmOk = () => confirmDialogOk(page);

/** Calls the API as the signed-in page does (its token cookie), answering the Blade envelope. */
async function api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ code: number; data: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = document.cookie.match(/saber-access-token=([^;]+)/)?.[1] ?? '';
      const response = await fetch(path, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Basic ${btoa('saber:saber_secret')}`,
          'Blade-Auth': `bearer ${decodeURIComponent(token)}`,
          'Tenant-Id': '000000',
        },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      });
      return response.json();
    },
    { method, path, body },
  );
}

function storedContent<T>(name: string): Promise<T | undefined> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(`saber-${key}`);
    return raw ? (JSON.parse(raw) as { content: unknown }).content : undefined;
  }, name) as Promise<T | undefined>;
}

/** A valid 8×8 PNG of one colour, made here so the test needs no fixture file. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array(8).fill([64, 158, 255]).flat()])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('header tools end to end', () => {
  it('logs in with the default theme-hey and colour #409EFF', async () => {
    await loginAs(page, product);
    await expect.poll(() => page.evaluate(() => document.body.className)).toContain('theme-hey');
    await page.locator('.app-header__user').waitFor();
    await snap(page, 'theme-hey');
  });

  it('picks themes; each changes the page and the choice survives a reload', async () => {
    const headerColours = new Set<string>();
    for (const [name, label] of [
      ['dark', '黑色主题'],
      ['lte', 'AdminLTE主题'],
      ['vip', 'VIP主题'],
      ['cool', '酷炫主题'],
      ['white', '白色主题'],
    ] as const) {
      await tool('主题').click();
      await page.locator('.theme-picker__grid').getByRole('button', { name: label }).click();
      await expect.poll(() => page.evaluate(() => document.body.className)).toContain(`theme-${name}`);
      // The picker stays open for comparing; its button closes it.
      await tool('主题').click();
      await page.locator('.theme-picker__grid').waitFor({ state: 'hidden' });
      headerColours.add(await page.locator('.app-header').evaluate((el) => getComputedStyle(el).background));
      await snap(page, `theme-${name}`);
    }
    expect(headerColours.size).toBeGreaterThanOrEqual(4);
    await page.reload();
    await page.locator('.app-header').waitFor();
    expect(await page.evaluate(() => document.body.className)).toContain('theme-white');
    expect(await storedContent('themeName')).toBe('white');
  });

  // A primary button is filled with the picked colour's shade that white text reads on (WCAG AA, 4.5:1).
  const buttonFill = (picked: string) => {
    const hex = readableShade(picked).replace('#', '');
    return `rgb(${[0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(', ')})`;
  };

  it('applies the picked colour to primary buttons', async () => {
    await page.goto(`${product.url}/info/index`);
    const submit = page.getByRole('button', { name: '提交' }).first();
    await submit.waitFor();
    expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(buttonFill('#409EFF'));
    await tool('主题色').click();
    await page.getByRole('button', { name: '#F5222D' }).click();
    await expect.poll(() => submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(buttonFill('#F5222D'));
    await page.reload();
    await submit.waitFor();
    await expect.poll(() => submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(buttonFill('#F5222D'));
    await tool('主题色').click();
    await page.getByRole('button', { name: '#409EFF' }).click();
    await tool('主题色').click();
  });

  it('toggles fullscreen', async () => {
    await tool('全屏').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    await tool('退出全屏').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);
  });

  it('switches the shell to English and back', async () => {
    await languageSwitch('English').click();
    await expect.poll(() => tool('Lock screen').count()).toBe(1);
    await expect.poll(() => tool('Theme').count()).toBe(1);
    await snap(page, 'header-en');
    await page.reload();
    await tool('Lock screen').waitFor();
    await languageSwitch('中文').click();
    await tool('锁屏').waitFor();
  });

  it('locks: the lock password is asked first, then /lock; a wrong password is refused; unlock returns', async () => {
    await page.goto(`${product.url}/info/index`);
    await tool('锁屏').click();
    const dialog = visibleModal();
    await dialog.getByText('设置锁屏密码').waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await formError('锁屏密码不能为空').waitFor();
    await dialog.getByPlaceholder('请输入锁屏密码').fill('lock-e2e');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/\/lock$/);
    expect(await storedContent('isLock')).toBe(true);
    await page.locator('.lock-page__name').getByText('管理员').waitFor();
    await snap(page, 'lock');
    await page.getByPlaceholder('请输入锁屏密码').fill('not-it');
    await page.getByRole('button', { name: '解锁' }).click();
    await toast('解锁密码错误,请重新输入').waitFor();
    expect(page.url()).toMatch(/\/lock$/);
    await page.getByPlaceholder('请输入锁屏密码').fill('lock-e2e');
    await page.getByRole('button', { name: '解锁' }).click();
    await page.waitForURL(/\/info\/index$/);
    expect(await storedContent('isLock')).toBeUndefined();
  });

  it('logs uncaught errors locally, uploads them to the server and clears them', async () => {
    const loggedBefore = (await storedContent<unknown[]>('logsList'))?.length ?? 0;
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e uncaught boom');
      });
    });
    const badge = page.locator('.app-header .header-tools__badge').filter({ has: page.locator('[aria-label="错误日志"]') });
    await expect.poll(() => badge.locator('.ant-badge-count').getAttribute('title')).toBe(String(loggedBefore + 1));
    await tool('错误日志').click();
    const viewer = visibleModal();
    await viewer.getByRole('cell', { name: 'e2e uncaught boom', exact: true }).waitFor();
    await snap(page, 'error-log');
    await viewer.getByRole('button', { name: '上传服务器' }).click();
    await page.locator('.ant-modal-confirm').getByText('确定上传本地日志到服务器?').waitFor();
    await confirmOk();
    await toast('发送成功!').waitFor();
    await expect.poll(() => badge.locator('.ant-badge-count').count()).toBe(0);
    const uploaded = await api('GET', '/api/blade-log/error/list?current=1&size=10');
    expect(JSON.stringify(uploaded.data)).toContain('e2e uncaught boom');

    await page.evaluate(() => {
      void Promise.reject(new Error('e2e rejected promise'));
    });
    await viewer.getByRole('cell', { name: 'e2e rejected promise', exact: true }).waitFor();
    await viewer.getByRole('button', { name: '清空本地日志' }).click();
    await page.locator('.ant-modal-confirm').getByText('确定清空本地日志记录?').waitFor();
    await confirmOk();
    await toast('清空成功!').waitFor();
    await expect.poll(() => viewer.getByRole('cell', { name: 'e2e rejected promise', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('shows the server notices in the bell popover beside the messages and to-do tabs, no sample data', async () => {
    const created = await api('POST', '/api/blade-desk/notice/submit', {
      title: 'E2E 版本发布通知',
      category: 1,
      releaseTime: '2025-01-02 03:04:05',
      content: '新版本上线',
    });
    expect(created.code).toBe(200);
    await page.reload();
    await tool('通知').click();
    const popover = page.locator('.ant-popover:visible');
    await popover.getByText('E2E 版本发布通知').waitFor();
    await animationsEnded(popover);
    expect(await popover.getByRole('tab').allInnerTexts()).toEqual(['通知', '消息', '待办']);
    await popover.getByRole('tab', { name: '消息' }).click();
    await popover.getByRole('tab', { name: '消息', selected: true }).waitFor();
    await popover.getByText('暂无消息').waitFor();
    expect(await popover.getByText('示例数据').count()).toBe(0);
    await animationsEnded(popover);
    await snap(page, 'notices');
    await page.keyboard.press('Escape');
  });

  it('updates personal info with the phone rules, and the header follows', async () => {
    await page.goto(`${product.url}/info/index`);
    const phone = page.getByLabel('手机号');
    await phone.fill('123');
    await formError('手机号码长度不为11位').waitFor();
    await phone.fill('');
    await formError('手机号码不能为空').waitFor();
    await phone.fill('13800138000');
    await page.getByLabel('姓名').fill('测试管理员');
    await page.getByLabel('邮箱').fill('admin@example.com');
    await page.getByRole('button', { name: '提交' }).first().click();
    await toast('修改信息成功').waitFor();
    await page.locator('.app-header__user').getByText('测试管理员').waitFor();
    const profile = await api('GET', '/api/blade-system/user/info');
    expect(profile.data).toMatchObject({ realName: '测试管理员', phone: '13800138000', email: 'admin@example.com' });
    // Opened anew, the page shows what was saved.
    await page.reload();
    await expect.poll(() => page.getByLabel('邮箱').inputValue()).toBe('admin@example.com');
    expect(await page.getByLabel('姓名').inputValue()).toBe('测试管理员');
    expect(await phone.inputValue()).toBe('13800138000');
  });

  it('uploads a PNG avatar and refuses other formats', async () => {
    const input = page.locator('.info-page__avatar input[type=file]');
    await input.setInputFiles({ name: 'avatar.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await toast('上传头像图片只能是 JPG/PNG 格式!').waitFor();
    await input.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: tinyPng() });
    const avatar = page.locator('.info-page__avatar img');
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/\S/);
    await page.getByRole('button', { name: '提交' }).first().click();
    await toast('修改信息成功').waitFor();
    const link = await avatar.getAttribute('src');
    await expect.poll(async () => (await api('GET', '/api/blade-system/user/info')).data).toMatchObject({ avatar: link });
    expect(await page.evaluate(async (src) => (await fetch(src!)).status, link)).toBe(200);
    await expect.poll(() => page.locator('.app-header__user img').getAttribute('src')).toBe(link);
    await snap(page, 'info');
  });

  it('changes the password; the new one logs in', async () => {
    await page.getByRole('tab', { name: '修改密码' }).click();
    const pane = page.locator('.ant-tabs-tabpane-active');
    await pane.getByLabel('原密码').fill(ADMIN_PASSWORD);
    await pane.getByLabel('新密码').fill('E2e-new-pass2');
    await pane.getByLabel('确认密码').fill('E2e-other-pass3');
    await pane.getByRole('button', { name: '提交' }).click();
    await formError('两次密码输入不一致').waitFor();
    await pane.getByLabel('确认密码').fill('E2e-new-pass2');
    await pane.getByRole('button', { name: '提交' }).click();
    // The server ended the sessions: the user is signed out with a message, not left to meet an expired token.
    await toast('修改密码成功，请重新登录').waitFor();
    await page.waitForURL(/\/login/);
    await page.getByPlaceholder('请输入账号').waitFor();
    await snap(page, 'info-password-changed-login');
    expect(await page.getByText('用户令牌过期，请重新登录').count()).toBe(0);
    await loginAs(page, product, 'admin', 'E2e-new-pass2');
  });

  it('switches department and role for a user with two of each', async () => {
    await page.locator('.app-header__user').hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await confirmOk();
    await page.waitForURL(/\/login/);
    await loginAs(page, product, 'tester', ADMIN_PASSWORD);
    const before = await storedContent<{ role_id: string; dept_id: string }>('userInfo');

    await page.locator('.app-header__user').hover();
    await page.getByRole('menuitem', { name: '切换部门/角色' }).click();
    const dialog = visibleModal();
    await dialog.getByText('切换部门/角色').waitFor();
    // Nothing switched yet: the session holds both depts and both roles; the first of each (the user's main one)
    // is preselected by its name, never the comma-joined ids.
    const profile = (await api('GET', '/api/blade-system/user/info')).data as { roleName: string; deptName: string };
    const [firstRole, otherRole] = profile.roleName.split(',');
    const [firstDept, otherDept] = profile.deptName.split(',');
    const selected = (label: string) => dialog.locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select-selection-item');
    await expect.poll(() => selected('部门').innerText()).toBe(firstDept);
    await expect.poll(() => selected('角色').innerText()).toBe(firstRole);
    // Home names the roles (not their aliases such as notice_reader); the header shows the departments held.
    await expect.poll(() => page.locator('.welcome-page__greeting').innerText()).toContain(`${firstRole}, ${otherRole}`);
    expect(await page.locator('.welcome-page__greeting').innerText()).not.toContain('notice_reader');
    expect(await page.locator('.app-header__dept').innerText()).toBe(`${firstDept}, ${otherDept}`);
    await snap(page, 'switch-dialog');
    await dialog.locator('.ant-form-item').filter({ hasText: '部门' }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(otherDept!).click();
    await dialog.locator('.ant-form-item').filter({ hasText: '角色' }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(otherRole!).click();
    // The switch renews the token for the chosen pair, then reloads the page.
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: '确定' }).click()]);
    const after = await storedContent<{ role_id: string; dept_id: string }>('userInfo');
    expect(after?.role_id).not.toBe(before?.role_id);
    expect(after?.dept_id).not.toBe(before?.dept_id);
    await page.locator('.app-header').waitFor();
    // The page after the switch says it worked, and the header and home show the chosen department and role.
    await toast('切换成功').waitFor();
    await expect.poll(() => page.locator('.app-header__dept').innerText()).toBe(otherDept);
    // The roles' names come with the profile: shown once it has been read.
    await Promise.all([page.waitForResponse((response) => response.url().includes('/api/blade-system/user/info')), page.goto(`${product.url}/wel/index`)]);
    await expect.poll(() => page.locator('.welcome-page__greeting').innerText()).toContain(otherRole!);
    await snap(page, 'switch-done-home');
    // Opened again, the dialog shows the pair now in use.
    await page.locator('.app-header__user').hover();
    await page.getByRole('menuitem', { name: '切换部门/角色' }).click();
    await expect.poll(() => selected('部门').innerText()).toBe(otherDept);
    await expect.poll(() => selected('角色').innerText()).toBe(otherRole);
    await visibleModal().getByRole('button', { name: '取消' }).click();
  });
});
