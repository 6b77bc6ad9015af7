import { delay, http as route } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  createAccessControlProvider,
  hasPermission,
  loadMenus,
  loadPermissions,
  loadTopMenus,
  readMenusEarly,
  takeArrivedMenus,
} from '../../providers/access';
import { storeKeys } from '../../providers/session';
import { getStore, setStore } from '../../providers/storage';
import { paramSchema } from '../../resources/param/schema';
import { describeRequest, envelope, server, useMockServer, type SeenRequest } from './support';

useMockServer();

const buttonTree = [
  {
    id: '1',
    parentId: '0',
    code: 'param',
    name: '参数管理',
    path: '/system/param',
    children: [
      { id: '11', parentId: '1', code: 'param_add', name: '新增', path: '', alias: 'add' },
      { id: '12', parentId: '1', code: 'param_view', name: '查看', path: '', alias: 'view' },
    ],
  },
];

const menuTree = [
  {
    id: '1',
    parentId: '0',
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'setting',
    sort: 1,
    children: [{ id: '2', parentId: '1', code: 'param', name: '参数管理', path: '/system/param', sort: 1 }],
  },
];

describe('loading permissions and menus', () => {
  it('turns the button tree into the stored permission map', async () => {
    server.use(route.get('/api/blade-system/menu/buttons', () => envelope(buttonTree)));
    const permissions = await loadPermissions();
    expect(permissions).toEqual({ param_add: true, param_view: true });
    expect(getStore({ name: storeKeys.permission })).toEqual(permissions);
    expect(hasPermission('param_add')).toBe(true);
    expect(hasPermission('param_delete')).toBe(false);
    expect(hasPermission('param')).toBe(false);
  });

  it('loads the role menu of a top menu and stores it', async () => {
    const seen: SeenRequest[] = [];
    server.use(
      route.get('/api/blade-system/menu/routes', async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope(menuTree);
      }),
    );
    expect(await loadMenus('1777')).toEqual(menuTree);
    expect(await loadMenus()).toEqual(menuTree);
    expect(seen.map((request) => request.query)).toEqual([{ topMenuId: '1777' }, {}]);
    expect(getStore({ name: storeKeys.menu })).toEqual(menuTree);
  });

  it('loads and stores the top menus', async () => {
    const topMenus = [{ id: '1777', code: 'test', name: '测试管理', source: 'appstore', path: '', sort: 1 }];
    server.use(route.get('/api/blade-system/menu/top-menu', () => envelope(topMenus)));
    expect(await loadTopMenus()).toEqual(topMenus);
    expect(getStore({ name: storeKeys.topMenu })).toEqual(topMenus);
  });
});

describe('menus asked for early', () => {
  const topMenus = [{ id: '1777', code: 'test', name: '测试管理', source: 'appstore', path: '', sort: 1 }];

  it('hands over all three answers once all have arrived, kept in their records as their loaders keep them', async () => {
    let routesAsked = 0;
    let releaseTopMenus = () => {};
    const topMenusHeld = new Promise<void>((resolve) => (releaseTopMenus = resolve));
    server.use(
      route.get('/api/blade-system/menu/buttons', () => envelope(buttonTree)),
      route.get('/api/blade-system/menu/routes', () => {
        routesAsked++;
        return envelope(menuTree);
      }),
      route.get('/api/blade-system/menu/top-menu', async () => {
        await topMenusHeld;
        return envelope(topMenus);
      }),
    );
    readMenusEarly();
    await vi.waitFor(() => expect(routesAsked).toBe(1));
    await delay(10);
    // Two of three in: nothing is taken, so the layout asks (and receives the early answers) as before.
    expect(takeArrivedMenus()).toBeUndefined();
    releaseTopMenus();
    await delay(20);
    expect(takeArrivedMenus()).toEqual({ menus: menuTree, topMenus, permissions: { param_add: true, param_view: true } });
    expect(getStore({ name: storeKeys.menu })).toEqual(menuTree);
    expect(getStore({ name: storeKeys.topMenu })).toEqual(topMenus);
    expect(hasPermission('param_add')).toBe(true);
    // Taken once: the next load asks the server.
    expect(takeArrivedMenus()).toBeUndefined();
    await loadMenus();
    expect(routesAsked).toBe(2);
  });

  it('hands over nothing when one of them was refused: the loader receives the refusal and reports it', async () => {
    server.use(
      route.get('/api/blade-system/menu/buttons', () => envelope(buttonTree)),
      route.get('/api/blade-system/menu/routes', () => envelope(null, 400, '缺少必要的请求参数', 400)),
      route.get('/api/blade-system/menu/top-menu', () => envelope(topMenus)),
    );
    readMenusEarly();
    await delay(30);
    expect(takeArrivedMenus()).toBeUndefined();
    await expect(loadMenus()).rejects.toThrow('缺少必要的请求参数');
    // The other two still answer their loaders.
    expect(await loadPermissions()).toEqual({ param_add: true, param_view: true });
    expect(await loadTopMenus()).toEqual(topMenus);
  });
});

describe('access control provider', () => {
  const accessControl = createAccessControlProvider([paramSchema]);

  it('answers from the loaded permissions without any request', async () => {
    let requests = 0;
    server.use(
      route.all('*', () => {
        requests++;
        return envelope(null);
      }),
    );
    setStore({ name: storeKeys.permission, content: { param_add: true, param_view: true } });
    const answers = await Promise.all(
      ['list', 'create', 'edit', 'delete', 'show'].map((action) => accessControl.can({ resource: 'param', action })),
    );
    expect(answers.map((answer) => answer.can)).toEqual([true, true, false, false, true]);
    expect(answers[2].reason).toBe('param_edit');
    expect(requests).toBe(0);
  });

  it('allows resources without a schema and denies everything but the list before permissions load', async () => {
    expect(await accessControl.can({ resource: 'dashboard', action: 'delete' })).toEqual({ can: true });
    expect(await accessControl.can({ resource: 'param', action: 'create' })).toMatchObject({ can: false });
    expect(await accessControl.can({ resource: 'param', action: 'list' })).toEqual({ can: true });
  });
});
