import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ApartmentOutlined, ControlOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { BLADEX_ICON_CLASSES } from '../../resources/menuIcons';
import type { MenuItem } from '../../providers/access';
import { FALLBACK_MENU_ICON, menuIconOf } from '../../src/layout/menuIcons';
import { toAntdItems } from '../../src/layout/AppSider';
import { ancestorPathsOf, isExternalPath, leafMenus } from '../../src/layout/menuTree';

const menu = (id: string, path: string, children?: MenuItem[]): MenuItem => ({
  id,
  parentId: '0',
  code: id,
  name: id,
  path,
  children,
});

const tree = [
  menu('system', '/system', [menu('param', '/system/param'), menu('logs', '/system/logs', [menu('api', '/system/logs/api')])]),
  menu('docs', 'https://example.com/docs'),
];

describe('menu icons', () => {
  it('resolves the icon a menu names and falls back for unknown names', () => {
    expect(menuIconOf('SettingOutlined')).toBe(SettingOutlined);
    expect(menuIconOf('ControlOutlined')).toBe(ControlOutlined);
    expect(menuIconOf('NoSuchIcon')).toBe(FALLBACK_MENU_ICON);
    expect(menuIconOf(undefined)).toBe(FALLBACK_MENU_ICON);
  });

  it("draws BladeX's icon-font classes (what a BladeX database stores) as antd icons, unknown ones as the fallback", () => {
    expect(menuIconOf('iconfont iconicon_setting')).toBe(SettingOutlined);
    expect(menuIconOf('iconfont iconicon_principal')).toBe(UserOutlined);
    expect(menuIconOf('iconfont iconicon_group')).toBe(ApartmentOutlined);
    // BladeX's own seed writes the marker twice on one menu; the class alone works too.
    expect(menuIconOf('iconfont iconfont iconicon_community_line')).toBe(ControlOutlined);
    expect(menuIconOf('iconicon_setting')).toBe(SettingOutlined);
    expect(menuIconOf('iconfont icon-no-such-class')).toBe(FALLBACK_MENU_ICON);
    expect(menuIconOf('iconfont')).toBe(FALLBACK_MENU_ICON);
    // Every stock class is drawn by a bundled icon, never the fallback.
    for (const name of Object.keys(BLADEX_ICON_CLASSES)) expect(menuIconOf(`iconfont ${name}`), name).not.toBe(FALLBACK_MENU_ICON);
  });
});

describe('menu tree helpers', () => {
  it('lists the screens (leaves) in menu order', () => {
    expect(leafMenus(tree).map((m) => m.id)).toEqual(['param', 'api', 'docs']);
  });

  it('finds the groups to open for a path', () => {
    expect(ancestorPathsOf(tree, '/system/param')).toEqual(['/system']);
    expect(ancestorPathsOf(tree, '/system/logs/api')).toEqual(['/system', '/system/logs']);
    expect(ancestorPathsOf(tree, '/system')).toEqual([]);
    expect(ancestorPathsOf(tree, '/elsewhere')).toEqual([]);
  });

  it('recognises external addresses', () => {
    expect(isExternalPath('https://example.com/docs')).toBe(true);
    expect(isExternalPath('/system/param')).toBe(false);
  });
});

describe('sidebar items', () => {
  const shape = (items: ReturnType<typeof toAntdItems>): unknown =>
    items.map((item) => {
      const { key, children } = item as { key: string; children?: ReturnType<typeof toAntdItems> };
      return children ? { key, children: shape(children) } : key;
    });

  it('gives antd the children of open groups only; closed groups stay groups with no items', () => {
    expect(shape(toAntdItems(tree, (m) => m.name, ['/system']))).toEqual([
      { key: '/system', children: ['/system/param', { key: '/system/logs', children: [] }] },
      'https://example.com/docs',
    ]);
    expect(shape(toAntdItems(tree, (m) => m.name, []))).toEqual([{ key: '/system', children: [] }, 'https://example.com/docs']);
  });

  it('shows a count beside the name of an entry that has one, groups included; none for a zero', () => {
    const counts: Record<string, number> = { param: 3, system: 3, api: 0 };
    const items = toAntdItems(tree, (m) => m.name, undefined, (m) => counts[m.code] ?? 0);
    const labelOf = (item: unknown) => (item as { label: ReactElement | string }).label;
    const system = items[0] as { label: ReactElement; children: unknown[] };
    expect(renderToStaticMarkup(system.label)).toMatch(/data-menu-count="system"[\s\S]*title="3"/);
    expect(renderToStaticMarkup(labelOf(system.children[0]) as ReactElement)).toMatch(/<span>param<\/span>[\s\S]*data-menu-count="param"/);
    const logs = system.children[1] as { label: unknown; children: unknown[] };
    expect(labelOf(logs)).toBe('logs');
    expect(labelOf(logs.children[0])).toBe('api');
    expect(labelOf(items[1])).toBe('docs');
  });

  it('gives the whole tree when no open groups are named (the folded sidebar opens groups on hover)', () => {
    expect(shape(toAntdItems(tree, (m) => m.name))).toEqual([
      { key: '/system', children: ['/system/param', { key: '/system/logs', children: ['/system/logs/api'] }] },
      'https://example.com/docs',
    ]);
  });
});
