import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { keys } from '@refinedev/core';
import { delay, http as route } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { readMenusEarly } from '../../providers/access';
import { storeKeys } from '../../providers/session';
import { getStore, setToken } from '../../providers/storage';
import { MenuProvider, useMenuState } from '../../src/layout/MenuContext';
import { envelope, server, useMockServer } from './support';

useMockServer();
afterEach(cleanup);

const menuTree = [{ id: '1', parentId: '0', code: 'param', name: '参数管理', path: '/system/param' }];
const topMenus = [{ id: '1777', code: 'test', name: '测试管理', path: '' }];

/** Serves the three menu reads and counts the requests of each. */
function menuServer() {
  const asked = { buttons: 0, routes: 0, topMenu: 0 };
  server.use(
    route.get('/api/blade-system/menu/buttons', () => (asked.buttons++, envelope([]))),
    route.get('/api/blade-system/menu/routes', () => (asked.routes++, envelope(menuTree))),
    route.get('/api/blade-system/menu/top-menu', () => (asked.topMenu++, envelope(topMenus))),
  );
  return asked;
}

/** The menus are queries: each test gets a client of its own, as each page load does. */
const withQueries = (children: ReactNode) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

/** Writes down every render's state, as the layout's parts see it. */
function renders() {
  const seen: string[] = [];
  function Probe() {
    const { allMenus, topMenus, loaded } = useMenuState();
    seen.push(`${loaded ? 'loaded' : 'stored'}:${allMenus.length}:${topMenus.length}`);
    return <span>{loaded ? 'loaded' : 'waiting'}</span>;
  }
  return { seen, Probe };
}

describe("the layout's menus", () => {
  it('renders once with the menus a cold visit asked for early, and asks no more', async () => {
    setToken('jwt-menus');
    const asked = menuServer();
    readMenusEarly();
    await delay(30);
    const { seen, Probe } = renders();
    render(
      withQueries(
        <MenuProvider>
          <Probe />
        </MenuProvider>,
      ),
    );
    expect(screen.getByText('loaded')).toBeTruthy();
    await delay(30);
    expect(seen).toEqual(['loaded:1:1']);
    expect(asked).toEqual({ buttons: 1, routes: 1, topMenu: 1 });
    expect(getStore({ name: storeKeys.menuAll })).toEqual(menuTree);
  });

  it('without early answers, starts from the stored copies and loads them', async () => {
    setToken('jwt-menus');
    const asked = menuServer();
    const { seen, Probe } = renders();
    render(
      withQueries(
        <MenuProvider>
          <Probe />
        </MenuProvider>,
      ),
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('loaded')).toBeTruthy());
    expect(seen[0]).toBe('stored:0:0');
    expect(seen.at(-1)).toBe('loaded:1:1');
    expect(asked).toEqual({ buttons: 1, routes: 1, topMenu: 1 });
  });

  it('reads the menus again when a write invalidates the menu resource (a role granted), and the sidebar follows', async () => {
    setToken('jwt-menus');
    const asked = menuServer();
    const client = new QueryClient();
    function Side() {
      const { sideMenus, loaded } = useMenuState();
      return <span>{loaded ? sideMenus.map((menu) => menu.name).join(',') : 'waiting'}</span>;
    }
    render(
      <QueryClientProvider client={client}>
        <MenuProvider>
          <Side />
        </MenuProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('参数管理')).toBeTruthy());
    server.use(route.get('/api/blade-system/menu/routes', () => (asked.routes++, envelope([...menuTree, { id: '2', parentId: '0', code: 'dict', name: '字典管理', path: '/system/dict' }]))));
    // What useResourceCall's `invalidates: ['menu']` does after a grant.
    await client.invalidateQueries({ queryKey: keys().data().resource('menu').get() });
    await waitFor(() => expect(screen.getByText('参数管理,字典管理')).toBeTruthy());
    expect(asked).toEqual({ buttons: 2, routes: 2, topMenu: 2 });
  });
});
