import type { BladeModule } from '../../blade/context';
import { R, send } from '../../blade/envelope';
import { badRequest, MSG } from '../../blade/errors';
import { SqlParams } from '../../blade/query';
import { scopedRows } from '../../blade/scope';
import { serializeColumns } from '../../blade/serializer';
import { buttonsOf, routesOf, topMenusOf } from './menus';
import { profileModule } from './profile';

const BASE = '/api/blade-system';
/** BladeX's user service, as its commercial client names it. */
const USER_ALIAS = '/api/blade-user';

/** Paths answered without an access token (the login page asks before anyone is logged in). */
export const SYSTEM_PUBLIC_PATHS = [`${BASE}/tenant/info`];
/** What a social guest's token may call: applying for an account bound to its third-party account. */
export const SYSTEM_GUEST_PATHS = [`${BASE}/user/register-guest`, `${USER_ALIAS}/register-guest`];

const DICT_TYPES = {
  id: 'id',
  parent_id: 'id',
  code: 'string',
  dict_key: 'string',
  dict_value: 'string',
  sort: 'int',
  remark: 'string',
  is_sealed: 'int',
  is_deleted: 'int',
} as const;
const DICT_COLUMNS = Object.keys(DICT_TYPES).join(', ');

export const systemModule: BladeModule = (app, services) => {
  const { db } = services;
  profileModule(app, services);
  app.get(`${BASE}/tenant/info`, async (c) => {
    const domain = c.req.query('domain') ?? '';
    const [tenant] = domain
      ? await db.query<{ tenant_id: string; background_url: string | null }>(
          'SELECT tenant_id, background_url FROM blade_tenant WHERE domain = $1 AND is_deleted = 0 LIMIT 1',
          [domain],
        )
      : [];
    return send(
      c,
      R.data({ tenantId: tenant?.tenant_id ?? '', domain, backgroundUrl: tenant?.background_url ?? '' }),
    );
  });

  app.get(`${BASE}/menu/routes`, async (c) => send(c, R.data(await routesOf(db, c.get('user'), c.req.query('topMenuId')))));
  app.get(`${BASE}/menu/buttons`, async (c) => send(c, R.data(await buttonsOf(db, c.get('user')))));

  app.get(`${BASE}/menu/top-menu`, async (c) => send(c, R.data(await topMenusOf(db, c.get('user')))));

  // Items of one dictionary, root row and sealed items excluded (BladeX's `getList`): system dictionaries are shared,
  // business ones per tenant.
  for (const [path, table] of [
    ['dict', 'blade_dict'],
    ['dict-biz', 'blade_dict_biz'],
  ] as const) {
    app.get(`${BASE}/${path}/dictionary`, async (c) => {
      const code = c.req.query('code');
      if (!code) throw badRequest(`${MSG.missingParam}: code`);
      // System dictionaries are shared by every tenant; business ones belong to the caller's.
      const params = new SqlParams();
      const scope = scopedRows(c.get('user'), params, { tenantScoped: table === 'blade_dict_biz' });
      const rows = await db.cachedQuery(
        `SELECT ${DICT_COLUMNS} FROM ${table}
         WHERE code = ${params.add(code)} AND parent_id > 0 AND is_sealed = 0 AND ${scope.join(' AND ')} ORDER BY sort, id`,
        params.values,
      );
      return send(c, R.data(rows.map((row) => serializeColumns(row, DICT_TYPES))));
    });
  }

  // BladeX's commercial client calls the user service as `/api/blade-user/*`: the same endpoints, registered once
  // under `/api/blade-system/user/*` and answered here by dispatching the request again under that path.
  app.all(`${USER_ALIAS}/*`, (c) => {
    const url = new URL(c.req.url);
    url.pathname = `${BASE}/user/${url.pathname.slice(USER_ALIAS.length + 1)}`;
    const raw = c.req.raw;
    const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD' && raw.body !== null;
    const init: RequestInit & { duplex?: 'half' } = { method: raw.method, headers: raw.headers, body: hasBody ? raw.body : undefined, duplex: 'half' };
    return app.fetch(new Request(url, init), c.env);
  });
};
