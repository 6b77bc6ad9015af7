import type { BaseKey, BaseRecord, DataProvider, MetaQuery } from '@refinedev/core';
import { endpointsOf, DEFAULT_ENDPOINTS, type ResourceEndpoints, type ResourceSchema } from '../resources/types';
import { toBladeFilters, toBladePaging, toBladeSorting, type QueryValue } from './blade-query';
import { siteConfig } from './config';
import { forgetEarly, http, peekAllArrivedEarly, readEarly } from './http';

/** What a page or hook may put in Refine's `meta` for this provider. */
export interface BladeMeta {
  /** Controller base for a resource without a schema, or to override the schema's. */
  api?: string;
  /** Paths relative to `api` (e.g. `{ list: 'page' }`), or from the root (`/api/...`). */
  endpoints?: Partial<ResourceEndpoints>;
  /** Extra query parameters of a list, detail or custom call (e.g. `parentId`). */
  query?: Record<string, QueryValue>;
  /** The parameter a detail call names its id with (`recordId` for a run found by its execution record). */
  idParam?: string;
  /** Codes of a list call the page answers itself, without the http layer's message. */
  quietCodes?: number[];
  /**
   * Calls whose failures show no message: writes the page logs (spec §8, tenant packages), reads whose refusal is an
   * expected answer (a run the execution record predates).
   */
  silent?: boolean;
}

interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

interface BladePage<T> {
  records?: T[];
  total?: number | string;
  /** The server estimated `total` (a filter over a large table): the pager says "about". */
  totalEstimated?: boolean;
}

interface ResolvedResource {
  schema?: ResourceSchema;
  urlOf(endpoint: keyof ResourceEndpoints): string;
}

/** A list answer is a page (`records`, `total`); tree and select endpoints answer a plain array. */
function pageOf<T>(payload: BladePage<T> | T[] | null | undefined): { data: T[]; total: number; totalEstimated?: true } {
  if (Array.isArray(payload)) return { data: payload, total: payload.length };
  const records = payload?.records ?? [];
  const total = Number(payload?.total ?? records.length);
  return payload?.totalEstimated === true ? { data: records, total, totalEstimated: true } : { data: records, total };
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return body !== null && typeof body === 'object' && 'success' in body && 'data' in body;
}

/** A submit answers the saved row (BladeX, our server) or only a status (`data: {}`): the caller gets what it sent with any returned fields over it. */
function submittedRecord<T>(sent: unknown, answered: unknown): T {
  const answeredFields = answered !== null && typeof answered === 'object' ? answered : {};
  return { ...(sent as object), ...answeredFields } as T;
}

export function createDataProvider(schemas: readonly ResourceSchema[]): DataProvider {
  const schemasByName = new Map(schemas.map((schema) => [schema.name, schema]));

  function resolve(resource: string, meta?: MetaQuery): ResolvedResource {
    const schema = schemasByName.get(resource);
    const bladeMeta = (meta ?? {}) as BladeMeta;
    const api = bladeMeta.api ?? schema?.api;
    if (!api) throw new Error(`Resource "${resource}" has no schema and no meta.api`);
    const endpoints = { ...(schema ? endpointsOf(schema) : DEFAULT_ENDPOINTS), ...bladeMeta.endpoints };
    // An endpoint from the root (`/api/...`) is another controller's: a link table's rows, read for its parent.
    return { schema, urlOf: (endpoint) => (endpoints[endpoint].startsWith('/') ? endpoints[endpoint] : `${api}/${endpoints[endpoint]}`) };
  }

  async function fetchOne<TData>(resource: string, id: BaseKey, meta?: MetaQuery): Promise<TData> {
    const { query, idParam = 'id', silent } = (meta ?? {}) as BladeMeta;
    const params = { ...query, [idParam]: id };
    const response = await http.get<Envelope<TData>>(resolve(resource, meta).urlOf('detail'), { params, silent });
    return response.data.data;
  }

  async function submit<TData>(resource: string, body: unknown, meta?: MetaQuery): Promise<TData> {
    const silent = (meta as BladeMeta | undefined)?.silent;
    const response = await http.post<Envelope<unknown>>(resolve(resource, meta).urlOf('submit'), body, { silent });
    return submittedRecord<TData>(body, response.data.data);
  }

  async function remove(resource: string, ids: BaseKey[], meta?: MetaQuery): Promise<void> {
    const silent = (meta as BladeMeta | undefined)?.silent;
    await http.post(resolve(resource, meta).urlOf('remove'), null, { params: { ids: ids.join(',') }, silent });
  }

  return {
    getApiUrl: () => '',

    getList: async <TData extends BaseRecord = BaseRecord>({
      resource,
      pagination,
      filters,
      sorters,
      meta,
    }: Parameters<DataProvider['getList']>[0]) => {
      const { schema, urlOf } = resolve(resource, meta);
      const params = {
        ...toBladePaging(pagination),
        ...toBladeFilters(filters, schema),
        ...toBladeSorting(sorters, schema),
        ...(meta as BladeMeta | undefined)?.query,
      };
      const { quietCodes, silent } = (meta ?? {}) as BladeMeta;
      const response = await http.get<Envelope<BladePage<TData> | TData[]>>(urlOf('list'), { params, quietCodes, silent });
      return pageOf(response.data.data);
    },

    getOne: async <TData extends BaseRecord = BaseRecord>({
      resource,
      id,
      meta,
    }: Parameters<DataProvider['getOne']>[0]) => ({ data: await fetchOne<TData>(resource, id, meta) }),

    getMany: async <TData extends BaseRecord = BaseRecord>({
      resource,
      ids,
      meta,
    }: Parameters<NonNullable<DataProvider['getMany']>>[0]) => ({
      data: await Promise.all(ids.map((id) => fetchOne<TData>(resource, id, meta))),
    }),

    create: async <TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      variables,
      meta,
    }: Parameters<DataProvider['create']>[0] & { variables: TVariables }) => ({
      data: await submit<TData>(resource, variables, meta),
    }),

    update: async <TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      id,
      variables,
      meta,
    }: Parameters<DataProvider['update']>[0] & { variables: TVariables }) => ({
      data: await submit<TData>(resource, { ...(variables as object), id }, meta),
    }),

    deleteOne: async <TData extends BaseRecord = BaseRecord>({
      resource,
      id,
      meta,
    }: Parameters<DataProvider['deleteOne']>[0]) => {
      await remove(resource, [id], meta);
      return { data: { id } as TData };
    },

    deleteMany: async <TData extends BaseRecord = BaseRecord>({
      resource,
      ids,
      meta,
    }: Parameters<NonNullable<DataProvider['deleteMany']>>[0]) => {
      await remove(resource, ids, meta);
      return { data: ids.map((id) => ({ id }) as TData) };
    },

    custom: async <TData extends BaseRecord = BaseRecord>({
      url,
      method,
      filters,
      sorters,
      payload,
      query,
      headers,
      meta,
    }: Parameters<NonNullable<DataProvider['custom']>>[0]) => {
      // A mutation has no `query` of its own in Refine: its query parameters (`?id=`) come in `meta.query`.
      const bladeMeta = (meta ?? {}) as BladeMeta;
      const response = await http.request({
        url,
        method,
        params: { ...toBladeFilters(filters), ...toBladeSorting(sorters), ...bladeMeta.query, ...(query as object | undefined) },
        data: payload,
        headers,
        silent: bladeMeta.silent,
        quietCodes: bladeMeta.quietCodes,
      });
      // Enveloped answers give their `data`; raw ones (OAuth, captcha) are returned whole.
      const body: unknown = response.data;
      return { data: (isEnvelope(body) ? body.data : body) as TData };
    },
  };
}

/**
 * Asks now for the first page a screen's table shows when opened at its bare address (no filter, sort or page in
 * it), for the table that will ask for it once its code has loaded (see readEarly). Lazy trees ask otherwise.
 */
export function readFirstPageEarly(schema: ResourceSchema, ttlMs?: number): void {
  if (schema.tree?.lazyList) return;
  readEarly(...firstPageRequestOf(schema), ttlMs);
}

const firstPageRequestOf = (schema: ResourceSchema) =>
  [`${schema.api}/${endpointsOf(schema).list}`, toBladePaging({ currentPage: 1, pageSize: siteConfig.defaultPageSize })] as const;

/**
 * The first page `readFirstPageEarly` asked for, as `getList` answers it, if it has already arrived: the table can
 * show its rows in its first render instead of asking and rendering again. Not taken: a render may be done twice, and
 * the screen calls `forgetFirstPageRead` once it is shown.
 */
export function arrivedFirstPageOf<T>(schema: ResourceSchema): { data: T[]; total: number } | undefined {
  if (schema.tree?.lazyList) return undefined;
  const payload = peekAllArrivedEarly([firstPageRequestOf(schema)])?.[0];
  return payload === undefined ? undefined : pageOf(payload as BladePage<T> | T[]);
}

/** No later request of that first page receives the early answer (a reload asks the server). */
export function forgetFirstPageRead(schema: ResourceSchema): void {
  forgetEarly([firstPageRequestOf(schema)]);
}
