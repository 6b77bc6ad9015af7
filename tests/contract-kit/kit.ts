import type { Registry } from '../../resources/registry';
import { buttonCode, endpointsOf, type ResourceSchema } from '../../resources/types';
import { BodyMaker, CannotBuild, isWritable, keyFieldOf } from './bodies';
import { sm2 } from 'sm-crypto';
import { Gateway, md5, type Answer, type GatewayOptions } from './gateway';
import {
  BUTTON_FIELDS,
  DICT_ITEM_FIELDS,
  MENU_FIELDS,
  TOP_MENU_FIELDS,
  TOKEN_FIELDS,
  TREE_NODE_FIELDS,
  envelopeDifferences,
  flatten,
  rowDifferences,
  rowExpectations,
  rowsDifferences,
} from './shapes';

/**
 * The contract kit: the calls our providers make, made against any BladeX-compatible gateway, each answer compared
 * with what the providers read. Read-only unless `write` is set; then rows it creates (strings starting with
 * `prefix`) are added, read, updated and removed, and removed again on the way out if a step failed.
 */

export type Outcome = 'ok' | 'differs' | 'missing' | 'skipped';

export interface Check {
  /** `auth`, `menus`, `dictionaries` or the resource's name. */
  group: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  outcome: Outcome;
  /** What differs, what is missing, or why it was skipped. */
  details: string[];
  ms: number;
}

export interface CreatedRow {
  resource: string;
  id: string;
  removed: boolean;
}

export interface ContractOptions extends GatewayOptions {
  account: string;
  password: string;
  registry: Registry;
  /** Answers the captcha image (a data URL) with what the tester read; the login then uses the captcha grant. */
  captcha?: (image: string) => Promise<string>;
  write?: boolean;
  /**
   * SM2 public key (hex) of a gateway whose login takes the password SM2-encrypted, as BladeX's client holds it in its
   * build. Unset: the key the gateway publishes in `/site-config.json` (as our front end reads it), if any.
   */
  sm2PublicKey?: string;
  /** Start of every string the write checks store (default `CK_<time>`). */
  prefix?: string;
  /** Told of each check as it finishes (the command prints a line). */
  onCheck?: (check: Check) => void;
}

/** Where a gateway of ours publishes its login settings (the SM2 public key among them). */
const SITE_CONFIG = '/site-config.json';

/** md5 of the password as Saber sends it, SM2-encrypted (C1C2C3, hex) when the gateway takes it so. */
async function sentPassword(gateway: Gateway, options: ContractOptions): Promise<string> {
  let key = options.sm2PublicKey;
  if (key === undefined) {
    const site = await gateway.call(SITE_CONFIG).catch(() => undefined);
    const published = (site?.body as { sm2PublicKey?: unknown } | undefined)?.sm2PublicKey;
    key = site?.status === 200 && typeof published === 'string' ? published : '';
  }
  return key ? sm2.doEncrypt(md5(options.password), key, 0) : md5(options.password);
}

export interface ContractRun {
  gateway: string;
  tenantId: string;
  account: string;
  write: boolean;
  prefix: string;
  startedAt: string;
  checks: Check[];
  created: CreatedRow[];
}

type Json = Record<string, unknown>;
type Shape = (data: unknown) => string[];

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `data` must be an array whose items (every node of a tree with `tree`) have these fields. */
const arrayOf =
  (expectations: Parameters<typeof rowsDifferences>[1], options: { tree?: boolean; nonEmpty?: boolean } = {}): Shape =>
  (data) => {
    if (!Array.isArray(data)) return [`data is ${data === null ? 'null' : typeof data}, expected an array`];
    if (options.nonEmpty && data.length === 0) return ['data is an empty array'];
    return rowsDifferences(options.tree ? flatten(data) : data, expectations, 'data');
  };

/** A page (`records`, `total`) or, for a tree's list, a plain array of rows. */
const pageOf =
  (schema: ResourceSchema): Shape =>
  (data) => {
    if (Array.isArray(data)) return rowsDifferences(flatten(data), rowExpectations(schema, 'list'), 'data');
    if (!isObject(data)) return [`data is ${data === null ? 'null' : typeof data}, expected a page`];
    const differences: string[] = [];
    if (!Array.isArray(data.records)) differences.push(`data.records is ${typeof data.records}, expected an array`);
    if (typeof data.total !== 'number' && typeof data.total !== 'string') differences.push(`data.total is ${typeof data.total}, expected number`);
    if (Array.isArray(data.records)) differences.push(...rowsDifferences(data.records, rowExpectations(schema, 'list'), 'data.records'));
    return differences;
  };

const recordsOf = (data: unknown): Json[] =>
  (Array.isArray(data) ? data : isObject(data) && Array.isArray(data.records) ? data.records : []).filter(isObject);

/** Missing (404 by status or code), differs (envelope, status or shape), else ok. */
function judge(answer: Answer, shape?: Shape, enveloped = true): { outcome: Outcome; details: string[] } {
  const code = isObject(answer.body) ? answer.body.code : undefined;
  if (answer.status === 404 || code === 404) return { outcome: 'missing', details: [`HTTP ${answer.status}${code === 404 ? ', code 404' : ''}`] };
  if (answer.body === undefined) return { outcome: 'differs', details: [`HTTP ${answer.status}, not JSON: ${answer.text.slice(0, 120)}`] };
  const details: string[] = [];
  if (answer.status !== 200) details.push(`HTTP ${answer.status} instead of 200`);
  if (enveloped) {
    details.push(...envelopeDifferences(answer.body));
    if (details.length === 0 && shape) details.push(...shape((answer.body as Json).data));
  } else if (shape) {
    details.push(...shape(answer.body));
  }
  return { outcome: details.length ? 'differs' : 'ok', details };
}

export async function runContract(options: ContractOptions): Promise<ContractRun> {
  const gateway = new Gateway(options);
  const prefix = options.prefix ?? `CK_${Date.now().toString(36)}`;
  const run: ContractRun = {
    gateway: options.gateway,
    tenantId: options.tenantId,
    account: options.account,
    write: Boolean(options.write),
    prefix,
    startedAt: new Date().toISOString(),
    checks: [],
    created: [],
  };

  const record = (check: Check) => {
    run.checks.push(check);
    options.onCheck?.(check);
    return check;
  };
  const skip = (group: string, name: string, method: Check['method'], path: string, reason: string) =>
    record({ group, name, method, path, outcome: 'skipped', details: [reason], ms: 0 });
  /** One call, judged; answers the answer for the next step. */
  async function check(
    group: string,
    name: string,
    path: string,
    init: {
      method?: 'GET' | 'POST';
      json?: unknown;
      headers?: Record<string, string>;
      shape?: Shape;
      enveloped?: boolean;
      also?: (answer: Answer) => string[];
      /** The path as reports show it (credentials masked), when it differs from the one called. */
      shown?: string;
    } = {},
  ): Promise<{ answer: Answer; check: Check }> {
    const method = init.method ?? (init.json === undefined ? 'GET' : 'POST');
    const called = path;
    path = init.shown ?? path;
    let answer: Answer;
    try {
      answer = await gateway.call(called, { method, json: init.json, headers: init.headers });
    } catch (error) {
      const failed = record({ group, name, method, path, outcome: 'differs', details: [`no answer: ${(error as Error).message}`], ms: 0 });
      return { answer: { status: 0, body: undefined, text: '', ms: 0 }, check: failed };
    }
    const verdict = judge(answer, init.shape, init.enveloped ?? true);
    if (verdict.outcome === 'ok' && init.also) verdict.details.push(...init.also(answer));
    if (verdict.details.length && verdict.outcome === 'ok') verdict.outcome = 'differs';
    return { answer, check: record({ group, name, method, path, ...verdict, ms: answer.ms }) };
  }

  // Login: the password grant (or the captcha grant with the tester's answer), md5 of the password as Saber sends it.
  const tokenHeaders: Record<string, string> = {};
  let grant = 'password';
  if (options.captcha) {
    const { answer } = await check('auth', 'captcha', '/api/blade-auth/oauth/captcha', {
      enveloped: false,
      shape: (body) => rowDifferences(body, [
        { name: 'key', kinds: ['string'], required: true },
        { name: 'image', kinds: ['string'], required: true },
      ], 'answer'),
    });
    const captcha = answer.body as { key?: string; image?: string } | undefined;
    if (captcha?.key && captcha.image) {
      tokenHeaders['Captcha-Key'] = captcha.key;
      tokenHeaders['Captcha-Code'] = await options.captcha(captcha.image);
      grant = 'captcha';
    }
  }
  const loginQuery = new URLSearchParams({
    tenantId: options.tenantId,
    username: options.account,
    password: await sentPassword(gateway, options),
    grant_type: grant,
    scope: 'all',
    type: 'account',
  });
  /** Reports never show a credential: the password's hash and the refresh token are masked. */
  const masked = (query: URLSearchParams) => {
    const shown = new URLSearchParams(query);
    for (const name of ['password', 'refresh_token']) if (shown.has(name)) shown.set(name, '***');
    return `/api/blade-auth/oauth/token?${shown.toString().replaceAll('%2A', '*')}`;
  };
  const tokenShape: Shape = (body) => rowDifferences(body, TOKEN_FIELDS, 'answer');
  const login = await check('auth', 'login', `/api/blade-auth/oauth/token?${loginQuery}`, {
    method: 'POST',
    headers: tokenHeaders,
    enveloped: false,
    shown: masked(loginQuery),
    shape: tokenShape,
  });
  const tokens = login.answer.body as { access_token?: string; refresh_token?: string } | undefined;
  if (login.check.outcome !== 'ok' || !tokens?.access_token) {
    const said = isObject(login.answer.body) ? (login.answer.body.error_description ?? login.answer.body.msg) : undefined;
    skip('auth', 'every other check', 'GET', '/api', `no session${said ? ` (the gateway said: ${String(said)})` : ''}`);
    return run;
  }
  gateway.token = tokens.access_token;

  const refreshQuery = new URLSearchParams({
    tenantId: options.tenantId,
    grant_type: 'refresh_token',
    refresh_token: String(tokens.refresh_token),
    scope: 'all',
  });
  const refreshed = await check('auth', 'refresh', `/api/blade-auth/oauth/token?${refreshQuery}`, {
    method: 'POST',
    shown: masked(refreshQuery),
    enveloped: false,
    shape: tokenShape,
  });
  const refreshedToken = (refreshed.answer.body as { access_token?: string } | undefined)?.access_token;
  if (refreshed.check.outcome === 'ok' && refreshedToken) gateway.token = refreshedToken;

  // Menus and buttons: what the layout shows and what the account may do.
  const routes = await check('menus', 'routes', '/api/blade-system/menu/routes', { shape: arrayOf(MENU_FIELDS, { tree: true, nonEmpty: true }) });
  const buttons = await check('menus', 'buttons', '/api/blade-system/menu/buttons', { shape: arrayOf(BUTTON_FIELDS, { tree: true }) });
  await check('menus', 'top menus', '/api/blade-system/menu/top-menu', { shape: arrayOf(TOP_MENU_FIELDS) });
  const codesOf = (answer: Answer) => {
    const data = isObject(answer.body) ? answer.body.data : undefined;
    return new Set(flatten(Array.isArray(data) ? data : []).filter(isObject).map((node) => String(node.code)));
  };
  const menuCodes = routes.check.outcome === 'ok' ? codesOf(routes.answer) : undefined;
  const buttonCodes = codesOf(buttons.answer);

  for (const dictionary of options.registry.dictionaries) {
    const path = `/api/blade-system/${dictionary.biz ? 'dict-biz' : 'dict'}/dictionary?code=${encodeURIComponent(dictionary.code)}`;
    await check('dictionaries', dictionary.code, path, { shape: arrayOf(DICT_ITEM_FIELDS, { nonEmpty: true }) });
  }

  const writes: ResourceSchema[] = [];
  for (const schema of options.registry.schemas) {
    const endpoints = endpointsOf(schema);
    const url = (endpoint: string) => `${schema.api}/${endpoint}`;
    const readable = (!menuCodes || menuCodes.has(schema.permissionCode) || schema.inMenu === false) &&
      !(schema.adminTenantOnly && options.tenantId !== '000000');
    if (!readable) {
      skip(schema.name, 'list', 'GET', url(endpoints.list), 'the account has no menu for it');
      continue;
    }
    const list = await check(schema.name, 'list', `${url(endpoints.list)}?current=1&size=10`, { shape: pageOf(schema) });
    const [first] = recordsOf(isObject(list.answer.body) ? list.answer.body.data : undefined);
    if (first?.id !== undefined) {
      await check(schema.name, 'detail', `${url(endpoints.detail)}?id=${encodeURIComponent(String(first.id))}`, {
        shape: (data) => rowDifferences(data, rowExpectations(schema, 'detail'), 'data'),
        also: (answer) => {
          const id = (answer.body as { data?: Json }).data?.id;
          return String(id) === String(first.id) ? [] : [`data.id is ${String(id)}, asked for ${String(first.id)}`];
        },
      });
    } else {
      skip(schema.name, 'detail', 'GET', url(endpoints.detail), 'the list answered no row to read');
    }
    await check(schema.name, 'select', url(endpoints.select), { shape: arrayOf([{ name: 'id', kinds: ['string'], required: true }]) });
    if (schema.tree) {
      await check(schema.name, 'tree', url(endpoints.tree), { shape: arrayOf(TREE_NODE_FIELDS, { tree: true }) });
      await check(schema.name, 'lazy list', `${url(endpoints.lazyList)}?parentId=0`, { shape: arrayOf(rowExpectations(schema, 'list')) });
    }
    if (options.write && isWritable(schema)) writes.push(schema);
  }

  if (options.write) {
    const maker = new BodyMaker(gateway, options.registry.schemas, prefix);
    for (const schema of writes) {
      // A call that gets no answer at all ends this resource's steps (its row removed on the way out), not the run.
      await writeChecks(schema, maker).catch((error: Error) =>
        record({ group: schema.name, name: 'write steps', method: 'POST', path: schema.api, outcome: 'differs', details: [`stopped: ${error.message}`], ms: 0 }),
      );
    }
  }
  return run;

  /** submit → detail → update → detail → remove → gone, on a row of its own; removed again if a step failed. */
  async function writeChecks(schema: ResourceSchema, maker: BodyMaker) {
    const endpoints = endpointsOf(schema);
    const submitPath = `${schema.api}/${endpoints.submit}`;
    const missingButtons = ['add', 'edit', 'delete'].filter((alias) => !buttonCodes.has(buttonCode(schema.permissionCode, alias)));
    if (missingButtons.length) return void skip(schema.name, 'submit', 'POST', submitPath, `the account lacks the buttons ${missingButtons.join(', ')}`);
    const key = keyFieldOf(schema);
    let body: Json;
    try {
      body = await maker.body(schema);
    } catch (error) {
      if (error instanceof CannotBuild) return void skip(schema.name, 'submit', 'POST', submitPath, error.message);
      throw error;
    }
    const findById = async (value: unknown) => {
      if (!key) return [];
      const answer = await gateway.call(`${schema.api}/${endpoints.list}?${key.name}_equal=${encodeURIComponent(String(value))}&current=1&size=10`);
      return recordsOf(isObject(answer.body) ? answer.body.data : undefined).filter((row) => row[key.name] === value);
    };
    let created: CreatedRow | undefined;
    try {
      const submitted = await check(schema.name, 'submit', submitPath, { json: body });
      const answered = isObject(submitted.answer.body) && isObject(submitted.answer.body.data) ? submitted.answer.body.data.id : undefined;
      const id = answered !== undefined ? String(answered) : (await findById(key ? body[key.name] : undefined))[0]?.id;
      if (id === undefined) {
        if (submitted.check.outcome !== 'ok') return;
        const details = ['the saved row is neither answered (data.id) nor found by its key field'];
        return void record({ group: schema.name, name: 'saved row', method: 'GET', path: `${schema.api}/${endpoints.list}`, outcome: 'differs', details, ms: 0 });
      }
      created = { resource: schema.name, id: String(id), removed: false };
      run.created.push(created);
      const detailPath = `${schema.api}/${endpoints.detail}?id=${encodeURIComponent(created.id)}`;
      const sameAs = (sent: Json) => (answer: Answer) => {
        const row = (answer.body as { data?: Json }).data ?? {};
        return key && row[key.name] !== sent[key.name] ? [`data.${key.name} is ${String(row[key.name])}, sent ${String(sent[key.name])}`] : [];
      };
      await check(schema.name, 'detail (created)', detailPath, { shape: (data) => rowDifferences(data, rowExpectations(schema, 'detail'), 'data'), also: sameAs(body) });
      const changed: Json = { ...body, id: created.id };
      if (key && !key.immutable) changed[key.name] = maker.text(key.maxLength);
      await check(schema.name, 'update', submitPath, { json: changed });
      await check(schema.name, 'detail (updated)', detailPath, { shape: (data) => rowDifferences(data, rowExpectations(schema, 'detail'), 'data'), also: sameAs(changed) });
      const removed = await check(schema.name, 'remove', `${schema.api}/${endpoints.remove}?ids=${encodeURIComponent(created.id)}`, { method: 'POST' });
      if (removed.check.outcome === 'ok') {
        created.removed = true;
        if (key) {
          const value = changed[key.name];
          const gone = `${schema.api}/${endpoints.list}?${key.name}_equal=${encodeURIComponent(String(value))}&current=1&size=10`;
          await check(schema.name, 'removed row gone', gone, {
            shape: (data) => (recordsOf(data).some((row) => String(row.id) === created!.id) ? [`the list still answers the row ${created!.id}`] : []),
          });
        }
      }
    } finally {
      if (created && !created.removed) {
        const again = await gateway.call(`${schema.api}/${endpoints.remove}?ids=${encodeURIComponent(created.id)}`, { method: 'POST' }).catch(() => undefined);
        created.removed = isObject(again?.body) && again.body.success === true;
      }
    }
  }
}
