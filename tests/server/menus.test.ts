import { beforeAll, describe, expect, it } from 'vitest';
import { seedMenusOf } from '../../server/db/seed-data/menus';
import { resourceSchemas } from '../../resources/schemas';
import { call, login, loginAdmin } from './client';
import { OTHER_TENANT, TESTER } from './fixtures';

const { topMenus: seedTopMenus } = seedMenusOf(resourceSchemas);

interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  sort: number;
  category: number;
  children?: MenuNode[];
}

let admin: string;
let tester: string;
beforeAll(async () => {
  admin = await loginAdmin();
  tester = (await login(TESTER)).access_token;
});

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

function expectWellFormed(nodes: MenuNode[], parentId: string) {
  const sorts = nodes.map((node) => node.sort);
  expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
  for (const node of nodes) {
    expect(node.parentId).toBe(parentId);
    expect(typeof node.id).toBe('string');
    if (node.children) {
      expect(node.children.length).toBeGreaterThan(0);
      expectWellFormed(node.children, node.id);
    } else {
      expect(node).not.toHaveProperty('children');
    }
  }
}

describe('menus', () => {
  it('answers the role routes as a sorted tree of category-1 menus with root parentId "0"', async () => {
    const answer = await call('/api/blade-system/menu/routes', { token: admin });
    const tree: MenuNode[] = answer.body.data;
    expect(tree.length).toBeGreaterThan(0);
    expectWellFormed(tree, '0');
    const all = flatten(tree);
    expect(all.every((node) => node.category === 1)).toBe(true);
    expect(all.map((node) => node.code)).toContain('param');
    expect(Object.keys(all[0]).sort()).toEqual(
      expect.arrayContaining(['id', 'parentId', 'code', 'name', 'alias', 'path', 'source', 'sort', 'category', 'action', 'isOpen']),
    );
  });

  it('gives the smaller user role fewer menus, with their ancestors', async () => {
    const adminCodes = flatten((await call('/api/blade-system/menu/routes', { token: admin })).body.data).map((n) => n.code);
    const testerTree: MenuNode[] = (await call('/api/blade-system/menu/routes', { token: tester })).body.data;
    expectWellFormed(testerTree, '0');
    const testerCodes = flatten(testerTree).map((node) => node.code);
    expect(testerCodes.length).toBeLessThan(adminCodes.length);
    expect(testerCodes).toContain('param');
    expect(testerCodes).toContain('system');
    // No screen of 研发 is granted to the tester, so its top menu is not offered.
    const tops = (await call('/api/blade-system/menu/top-menu', { token: tester })).body.data as { code: string }[];
    const seeded = tops.map((top) => top.code).filter((code) => seedTopMenus.some((seed) => seed.code === code));
    expect(seeded).toEqual(['workbench', 'sysadmin']);
  });

  it('restricts routes to one top menu with topMenuId', async () => {
    const tops = (await call('/api/blade-system/menu/top-menu', { token: admin })).body.data;
    expect(tops.length).toBeGreaterThan(1);
    expect(Object.keys(tops[0]).sort()).toEqual(['code', 'id', 'name', 'path', 'sort', 'source']);
    const whole = flatten((await call('/api/blade-system/menu/routes', { token: admin })).body.data);
    // The seeded top menus hold menus; ones other tests add through the top-menu screen may hold none.
    const seeded = tops.filter((top: { code: string }) => seedTopMenus.some((seed) => seed.code === top.code));
    expect(seeded.length).toBe(seedTopMenus.length);
    const perTop = await Promise.all(
      seeded.map(async (top: { id: string }) =>
        flatten((await call(`/api/blade-system/menu/routes?topMenuId=${top.id}`, { token: admin })).body.data),
      ),
    );
    for (const menus of perTop) {
      expect(menus.length).toBeGreaterThan(0);
      expect(menus.length).toBeLessThan(whole.length);
    }
    const bad = await call('/api/blade-system/menu/routes?topMenuId=1;drop', { token: admin });
    expect(bad.status).toBe(400);
  });

  it('answers buttons as menus whose children are the role buttons', async () => {
    const adminButtons: MenuNode[] = (await call('/api/blade-system/menu/buttons', { token: admin })).body.data;
    const codesOf = (tree: MenuNode[]) => tree.flatMap((menu) => (menu.children ?? []).map((button) => button.code));
    for (const menu of adminButtons) {
      expect(menu.children?.length).toBeGreaterThan(0);
      for (const button of menu.children!) {
        expect(button.category).toBe(2);
        expect(button.parentId).toBe(menu.id);
      }
    }
    expect(codesOf(adminButtons)).toEqual(expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'param_view']));

    const testerButtons = codesOf((await call('/api/blade-system/menu/buttons', { token: tester })).body.data);
    expect(testerButtons).toContain('param_view');
    expect(testerButtons).not.toContain('param_delete');
    expect(testerButtons.some((code) => code.endsWith('_delete'))).toBe(false);
  });
});

describe('dictionaries and tenant info', () => {
  it('answers dictionary items sorted, without the root row', async () => {
    const answer = await call('/api/blade-system/dict/dictionary?code=yes_no', { token: admin });
    const items = answer.body.data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((item: { dictKey: string }) => item.dictKey === '-1')).toBe(false);
    const rootIds = new Set(items.map((item: { parentId: string }) => item.parentId));
    expect(rootIds.size).toBe(1);
    const sorts: number[] = items.map((item: { sort: number }) => item.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(Object.keys(items[0]).sort()).toEqual(
      ['code', 'dictKey', 'dictValue', 'id', 'isDeleted', 'isSealed', 'parentId', 'remark', 'sort'].sort(),
    );
    expect(typeof items[0].dictKey).toBe('string');
    expect((await call('/api/blade-system/dict/dictionary?code=no_such_dict', { token: admin })).body.data).toEqual([]);
    expect((await call('/api/blade-system/dict/dictionary', { token: admin })).status).toBe(400);
  });

  it('answers business dictionaries per tenant', async () => {
    const other = (await login(OTHER_TENANT)).access_token;
    const answer = await call('/api/blade-system/dict-biz/dictionary?code=anything', { token: other });
    expect(answer.body).toMatchObject({ code: 200, data: [] });
  });

  it('answers tenant/info without a token; unknown domains get an empty tenantId', async () => {
    const known = await call('/api/blade-system/tenant/info?domain=other.example.com', { headers: {} });
    expect(known.body.data).toEqual({ tenantId: OTHER_TENANT.tenantId, domain: 'other.example.com', backgroundUrl: '/img/other.png' });
    const unknown = await call('/api/blade-system/tenant/info?domain=nowhere.example.com', { headers: {} });
    expect(unknown.body.data).toEqual({ tenantId: '', domain: 'nowhere.example.com', backgroundUrl: '' });
  });
});
