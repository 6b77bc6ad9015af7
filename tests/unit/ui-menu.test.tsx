import { describe, expect, it } from 'vitest';
import { ControlOutlined, SettingOutlined } from '@ant-design/icons';
import type { MenuItem } from '../../providers/access';
import { FALLBACK_MENU_ICON, menuIconOf } from '../../src/layout/menuIcons';
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
