import { http as route } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, theme } from 'antd';
import { md5 } from 'js-md5';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Refine } from '@refinedev/core';
import { createDataProvider } from '../../providers/data';
import { getStore, setStore } from '../../providers/storage';
import { LocaleConfigProvider } from '../../src/components/LocaleConfigProvider';
import { ErrorLogButton } from '../../src/layout/errorlog/ErrorLogButton';
import {
  addErrorLog,
  clearErrorLogs,
  ERROR_LOG_STORE_KEY,
  errorEntryOf,
  installErrorCapture,
  uploadErrorLogs,
  type ErrorLogEntry,
} from '../../src/layout/errorlog/errorLog';
import { LockButton } from '../../src/layout/header/LockButton';
import { reloadThemeSettings, setColorName, setThemeName } from '../../src/layout/theme/themeStore';
import { antdThemeOf, contrastRatio, PRIMARY_COLORS, readableShade, TEXT_CONTRAST, THEME_NAMES, themePreviewOf } from '../../src/layout/theme/themes';
import { isLocked, lock, setLockPassword, unlock } from '../../src/pages/lock/lockState';
import { avatarRefusalOf, choicesOf, passwordQuery, phoneRefusalOf } from '../../src/pages/info/userApi';
import { describeRequest, envelope, server, useMockServer, type SeenRequest } from '../contract/support';

useMockServer();
afterEach(cleanup);

describe('themes (spec §2)', () => {
  it('offers the 11 spec themes, each with its own sidebar look', () => {
    expect([...THEME_NAMES]).toEqual(['default', 'white', 'dark', 'star', 'bule', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte']);
    const looks = THEME_NAMES.map((name) => {
      const { components } = antdThemeOf(name, '#409EFF');
      return JSON.stringify([components?.Layout?.siderBg, components?.Menu?.darkItemColor, components?.Menu?.darkItemSelectedBg]);
    });
    expect(new Set(looks).size).toBe(THEME_NAMES.length);
  });

  it('makes the picked colour antd primary colour, in its readable shade when it is too light for text', () => {
    // #304156 already reads on white; #409EFF (2.8:1) is drawn a darker blue of the same hue.
    expect(antdThemeOf('hey', '#304156').token?.colorPrimary).toBe('#304156');
    const shade = antdThemeOf('hey', '#409EFF').token?.colorPrimary ?? '';
    expect(shade).toBe(readableShade('#409EFF'));
    expect(shade).not.toBe('#409EFF');
    const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(shade.slice(at, at + 2), 16));
    // Same proportions as 40:9E:FF (darkened towards black), so the same hue.
    expect(Math.abs(red / blue - 0x40 / 0xff)).toBeLessThan(0.02);
    expect(Math.abs(green / blue - 0x9e / 0xff)).toBeLessThan(0.02);
  });

  it('draws text colours and text on the primary colour at WCAG AA (4.5:1) for every swatch, keeping antd light tints', () => {
    for (const color of PRIMARY_COLORS) {
      const token = antdThemeOf('hey', color).token ?? {};
      for (const role of ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive', 'colorLink', 'colorError', 'colorSuccess', 'colorWarning', 'colorInfo'] as const) {
        expect(contrastRatio(String(token[role]), '#ffffff'), `${role} of ${color}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      // A preset-coloured tag's text on its own tint.
      for (const preset of ['green', 'red', 'blue', 'orange', 'gold', 'cyan', 'lime', 'yellow'] as const) {
        const tokens = token as Record<string, string>;
        const tint = theme.getDesignToken({ token: tokens })[`${preset}1`];
        expect(contrastRatio(tokens[`${preset}7`], tint), `${preset} tag of ${color}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      // Row actions, resting or hovered, on a hovered table row (antd's #fafafa).
      for (const role of ['colorLink', 'colorLinkHover', 'colorError', 'colorErrorHover'] as const) {
        expect(contrastRatio(String(token[role]), '#fafafa'), `${role} of ${color} on a hovered row`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      // The selected-row and tag tints stay antd's own tints of the colour as picked, not muddier ones of its shade.
      expect(token.colorPrimaryBg).toBe(theme.getDesignToken({ token: { colorPrimary: color } }).colorPrimaryBg);
    }
    expect(antdThemeOf('hey', '#409EFF').token?.colorSuccessBg).toBe('#f6ffed');
  });

  it('draws the top menu selected entry on a dark header in the header colours, not the primary blue', () => {
    // The primary colour's readable shade is made for white: on the dark theme's header it read at 3.4:1, on d2's
    // tinted one at 4.4:1. Every header of one colour is checked (cool's is a gradient of dark greens).
    for (const color of PRIMARY_COLORS) {
      for (const name of THEME_NAMES.filter((theme) => themePreviewOf(theme).header.startsWith('#'))) {
        const selected = String(antdThemeOf(name, color).components?.Menu?.horizontalItemSelectedColor);
        expect(contrastRatio(selected, themePreviewOf(name).header), `${name} with ${color}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      // On a white header the primary colour reads, and stays the mark of the selected entry.
      expect(antdThemeOf('hey', color).components?.Menu?.horizontalItemSelectedColor).toBe(antdThemeOf('hey', color).token?.colorPrimary);
    }
  });

  it('gives the white header text of lte its AA contrast', () => {
    expect(contrastRatio('#ffffff', themePreviewOf('lte').header)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('writes the text a table shows in place of rows (an empty link table in a form) at 4.5:1, not in the disabled grey', () => {
    for (const name of THEME_NAMES) {
      const placeholder = String(antdThemeOf(name, '#409EFF').components?.Table?.colorTextDisabled);
      expect(contrastRatio(placeholder, '#ffffff'), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('names Chinese system fonts before the generic family, after the Latin ones, in every theme', () => {
    for (const name of THEME_NAMES) {
      const families = antdThemeOf(name, '#409EFF').token?.fontFamily?.split(', ') ?? [];
      const at = (family: string) => families.indexOf(family);
      for (const chinese of ["'PingFang SC'", "'Microsoft YaHei'", "'Noto Sans CJK SC'"]) {
        expect(at(chinese)).toBeGreaterThan(at('Arial'));
        expect(at(chinese)).toBeLessThan(at('sans-serif'));
      }
    }
  });

  it('defaults to theme-hey and #409EFF, ignoring unknown stored values', () => {
    setStore({ name: 'themeName', content: 'purple' });
    setStore({ name: 'colorName', content: 'red; background: url(x)' });
    reloadThemeSettings();
    expect(document.body.classList.contains('theme-hey')).toBe(true);
    expect(document.body.style.getPropertyValue('--app-primary')).toBe(readableShade('#409EFF'));
  });

  it('keeps the pick in storage and exactly one theme class on <body>', () => {
    setThemeName('lte');
    setThemeName('vip');
    setColorName('#13C2C2');
    expect(getStore({ name: 'themeName' })).toBe('vip');
    expect(getStore({ name: 'colorName' })).toBe('#13C2C2');
    expect([...document.body.classList].filter((name) => name.startsWith('theme-'))).toEqual(['theme-vip']);
    reloadThemeSettings();
    expect(document.body.classList.contains('theme-vip')).toBe(true);
  });

  it("switches antd's motion off while the system asks for reduced motion, and on again when it no longer does", () => {
    const listeners = new Set<() => void>();
    let reduce = true;
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && reduce;
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList;
    const Motion = () => <p>motion {String(theme.useToken().token.motion)}</p>;
    try {
      render(
        <LocaleConfigProvider>
          <Motion />
        </LocaleConfigProvider>,
      );
      expect(screen.getByText('motion false')).toBeTruthy();
      act(() => {
        reduce = false;
        for (const listener of listeners) listener();
      });
      expect(screen.getByText('motion true')).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('lock (spec §4)', () => {
  it('unlocks only with the lock password, forgetting it with the lock', () => {
    setLockPassword('secret');
    lock();
    expect(isLocked()).toBe(true);
    expect(unlock('wrong')).toBe(false);
    expect(isLocked()).toBe(true);
    expect(unlock('secret')).toBe(true);
    expect(isLocked()).toBe(false);
    expect(getStore({ name: 'lockPasswd' })).toBeUndefined();
  });

  it('asks for a lock password first, refusing an empty one, then goes to /lock', async () => {
    render(
      <LocaleConfigProvider>
        <App>
          <MemoryRouter initialEntries={['/info/index']}>
            <Routes>
              <Route path="/info/index" element={<LockButton />} />
              <Route path="/lock" element={<p>lock page</p>} />
            </Routes>
          </MemoryRouter>
        </App>
      </LocaleConfigProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '锁屏' }));
    expect(await screen.findByText('设置锁屏密码')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy();
    expect(isLocked()).toBe(false);
    fireEvent.change(screen.getByPlaceholderText('请输入锁屏密码'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('lock page')).toBeTruthy();
    expect(isLocked()).toBe(true);
    expect(getStore({ name: 'lockPasswd' })).toBe('pw');
    // antd's modal and form are slow to render in jsdom.
  }, 20_000);
});

describe('local error log (spec §8)', () => {
  it('stores uncaught errors and rejections with type, message, stack, url and time', () => {
    clearErrorLogs();
    installErrorCapture();
    const error = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'boom', filename: 'app.js', lineno: 3, colno: 7 }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = 'refused';
    window.dispatchEvent(rejection);
    const stored = getStore<ErrorLogEntry[]>({ name: ERROR_LOG_STORE_KEY })!;
    expect(stored.map((entry) => entry.message)).toEqual(['refused', 'boom']);
    expect(stored[1]).toMatchObject({ type: 'error', stack: error.stack, info: 'app.js:3:7', url: window.location.href });
    expect(stored[1]!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('uploads the entries as a JSON array, then clears them', async () => {
    clearErrorLogs();
    addErrorLog(errorEntryOf(new Error('first'), 'test'));
    const seen: SeenRequest[] = [];
    server.use(
      route.post('/api/blade-auth/oauth/logout', async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({ stored: 1 });
      }),
    );
    await uploadErrorLogs();
    expect(JSON.parse(seen[0]!.body)).toEqual([expect.objectContaining({ type: 'error', message: 'first' })]);
    expect(getStore({ name: ERROR_LOG_STORE_KEY })).toEqual([]);
  });

  it('shows the count on the header badge, 99+ beyond 99', async () => {
    clearErrorLogs();
    // Inside Refine, as in the layout: an upload refreshes the 错误日志 screen through it.
    render(
      <Refine dataProvider={createDataProvider([])} options={{ disableTelemetry: true }}>
        <LocaleConfigProvider>
          <App>
            <ErrorLogButton />
          </App>
        </LocaleConfigProvider>
      </Refine>,
    );
    act(() => {
      for (let index = 0; index < 100; index++) addErrorLog(errorEntryOf(new Error(`e${index}`), 'test'));
    });
    expect(await screen.findByText('99+')).toBeTruthy();
  });
});

describe('personal info rules (spec §5)', () => {
  it('accepts jpg/png avatars up to 500 KB', () => {
    expect(avatarRefusalOf({ type: 'image/png', size: 500 * 1024 })).toBeUndefined();
    expect(avatarRefusalOf({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(avatarRefusalOf({ type: 'image/gif', size: 1000 })).toBe('info.avatarType');
    expect(avatarRefusalOf({ type: 'image/png', size: 500 * 1024 + 1 })).toBe('info.avatarSize');
  });

  it('requires an 11-character phone number', () => {
    expect(phoneRefusalOf('')).toBe('info.phoneRequired');
    expect(phoneRefusalOf(undefined)).toBe('info.phoneRequired');
    expect(phoneRefusalOf('1380013800')).toBe('info.phoneLength');
    expect(phoneRefusalOf('13800138000')).toBeUndefined();
  });

  it('pairs the comma-joined dept/role ids of user/info with their names', () => {
    expect(choicesOf('1,2', '测试部,研发部')).toEqual([
      { value: '1', label: '测试部' },
      { value: '2', label: '研发部' },
    ]);
    expect(choicesOf('7', '')).toEqual([{ value: '7', label: '7' }]);
    expect(choicesOf(undefined, undefined)).toEqual([]);
  });

  it('puts the md5 of each password in the query of update-password', () => {
    expect(passwordQuery('old', 'new', 'new')).toEqual({ oldPassword: md5('old'), newPassword: md5('new'), newPassword1: md5('new') });
  });
});
