import { delay, http as route } from 'msw';
import { describe, expect, it } from 'vitest';
import { takeArrivedMenus } from '../../providers/access';
import { arrivedFirstPageOf } from '../../providers/data';
import { storeKeys } from '../../providers/session';
import { removeStore, setStore, setToken } from '../../providers/storage';
import { paramSchema } from '../../resources/param/schema';
import { readVisitDataEarly } from '../../src/router/readVisitDataEarly';
import { envelope, server, useMockServer } from './support';

useMockServer();

/** Answers the menus and the parameter list, and lists the paths asked for (with their query). */
function answering(): string[] {
  const asked: string[] = [];
  const seen = (request: Request) => {
    const url = new URL(request.url);
    asked.push(url.pathname + url.search);
  };
  server.use(
    route.get('/api/blade-system/menu/buttons', ({ request }) => (seen(request), envelope([]))),
    route.get('/api/blade-system/menu/routes', ({ request }) => (seen(request), envelope([]))),
    route.get('/api/blade-system/menu/top-menu', ({ request }) => (seen(request), envelope([]))),
    route.get('/api/blade-system/param/list', ({ request }) => (seen(request), envelope({ records: [{ id: '1' }], total: 1 }))),
  );
  return asked;
}

/** The menu tree login stores: 参数管理 under 系统管理, or nothing. */
function storeMenus(holdsParam: boolean) {
  const param = { id: '2', parentId: '1', code: 'param', name: '参数管理', path: paramSchema.route };
  setStore({ name: storeKeys.menuAll, content: [{ id: '1', parentId: '0', code: 'system', name: '系统管理', path: '/system', children: holdsParam ? [param] : [] }] });
}

describe("a visit's data asked for at start", () => {
  it("asks for the menus and the screen's first page, and hands them to the first render", async () => {
    setToken('jwt-visit');
    storeMenus(true);
    const asked = answering();
    readVisitDataEarly({ pathname: paramSchema.route, search: '' }, [paramSchema]);
    await delay(30);
    expect([...asked].sort()).toEqual([
      '/api/blade-system/menu/buttons',
      '/api/blade-system/menu/routes',
      '/api/blade-system/menu/top-menu',
      '/api/blade-system/param/list?current=1&size=10',
    ]);
    expect(arrivedFirstPageOf(paramSchema)).toEqual({ data: [{ id: '1' }], total: 1 });
    expect(takeArrivedMenus()).toEqual({ menus: [], topMenus: [], permissions: {} });
  });

  it("asks nothing of a menu screen the stored menu lacks: the layout shows it as 403", async () => {
    setToken('jwt-visit');
    storeMenus(false);
    const asked = answering();
    readVisitDataEarly({ pathname: paramSchema.route, search: '' }, [paramSchema]);
    await delay(30);
    expect(asked.filter((path) => path.includes('/param/'))).toEqual([]);
    takeArrivedMenus();
    removeStore({ name: storeKeys.menuAll });
  });

  it('asks only for the menus when the address names another page, or a page that is not a list', async () => {
    setToken('jwt-visit');
    const asked = answering();
    readVisitDataEarly({ pathname: paramSchema.route, search: '?current=3' }, [paramSchema]);
    readVisitDataEarly({ pathname: '/wel/index', search: '' }, [paramSchema]);
    await delay(30);
    expect(asked.filter((path) => path.includes('/param/'))).toEqual([]);
    expect(asked.filter((path) => path === '/api/blade-system/menu/routes')).toHaveLength(2);
    takeArrivedMenus();
  });

  it('asks for nothing without a token (the login page)', async () => {
    const asked = answering();
    readVisitDataEarly({ pathname: paramSchema.route, search: '' }, [paramSchema]);
    await delay(30);
    expect(asked).toEqual([]);
  });
});
