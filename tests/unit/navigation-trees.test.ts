import { describe, expect, it } from 'vitest';
import { regionTreeOf, type RegionLevelNode } from '../../resources/region/regionTree';
import { leafKeys, type MenuNode } from '../../resources/topmenu/menuKeys';
import { menuTreeNodes } from '../../resources/menu/server';

describe('menu tree nodes', () => {
  it('nests rows under their parents as BladeX tree nodes; leaves have no children', () => {
    const rows = [
      { id: '1', parentId: '0', name: '系统管理', sort: 1 },
      { id: '2', parentId: '1', name: '参数管理', sort: 1 },
      { id: '3', parentId: '1', name: '菜单管理', sort: 2 },
      { id: '4', parentId: '9', name: '孤儿', sort: 3 },
    ];
    const tree = menuTreeNodes(rows);
    expect(tree.map((node) => node.id)).toEqual(['1', '4']);
    expect(tree[0]).toMatchObject({ id: '1', parentId: '0', title: '系统管理', key: '1', value: '1', hasChildren: true });
    expect((tree[0].children as MenuNode[]).map((node) => node.title)).toEqual(['参数管理', '菜单管理']);
    expect((tree[0].children as Record<string, unknown>[])[0]).not.toHaveProperty('children');
    expect(tree[1]).toMatchObject({ hasChildren: false });
  });
});

describe('top menu grant keys', () => {
  const tree: MenuNode[] = [
    { id: '1', key: '1', title: 'a', children: [{ id: '2', key: '2', title: 'b' }, { id: '3', key: '3', title: 'c' }] },
    { id: '4', key: '4', title: 'd' },
  ];
  it('hands only the stored leaves to the checkbox tree: a stored parent does not check all its children', () => {
    expect(leafKeys(tree, new Set(['1', '2']))).toEqual(['2']);
    expect(leafKeys(tree, new Set(['1', '2', '3', '4']))).toEqual(['2', '3', '4']);
    expect(leafKeys(tree, new Set())).toEqual([]);
  });
});

describe('region tree', () => {
  const provinces: RegionLevelNode[] = [
    { id: '330000', title: '浙江省', hasChildren: true },
    { id: '110000', title: '北京市', hasChildren: true },
    { id: '710000', title: '台湾省', hasChildren: false },
  ];
  it('puts each read level under its node, leaves unread ones closed, and makes a node whose level is empty a leaf', () => {
    const cities: RegionLevelNode[] = [{ id: '330100', title: '杭州市', hasChildren: true }];
    const levels = new Map([
      ['00', provinces],
      ['330000', cities],
      ['330100', []],
    ]);
    expect(regionTreeOf(levels)).toEqual([
      {
        key: '330000',
        title: '浙江省',
        isLeaf: false,
        children: [{ key: '330100', title: '杭州市', isLeaf: true, children: [] }],
      },
      { key: '110000', title: '北京市', isLeaf: false },
      { key: '710000', title: '台湾省', isLeaf: true },
    ]);
    expect(regionTreeOf(new Map())).toEqual([]);
  });
});
