import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { BoundedCache, type CacheFigures } from '../bounded-cache';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import { badRequest } from '../blade/errors';
import { SqlParams } from '../blade/query';
import { tenantRows } from '../blade/scope';
import { checkedLookup, outboundPolicy } from '../outbound';
import { DEFAULT_REGION } from './index';
import type { ObjectStore, OssSetting, TenantStores } from './types';

export type { OssSetting, TenantStores } from './types';

/** The category (dictionary `oss`) of the embedded store; every other category is an S3-compatible service. */
export const EMBEDDED_CATEGORY = 0;
/** Where objects written before any setting was enabled live: the installation's default store (env variables). */
export const INSTALLATION_OSS_ID = '0';
/** `status` of the one enabled setting of a tenant (BladeX: 2 是, 1 否). */
export const OSS_ENABLED = 2;

/** Why a setting's service is not asked: its address is not on the allow-list. */
export const OUTBOUND_REFUSED = '资源地址不在允许的出站地址内（BLADE_OUTBOUND_ALLOW）';

const SETTING_COLUMNS = 'id::text AS id, category, endpoint, bucket_name, region, access_key, secret_key, path_style, update_time::text AS update_time';

/**
 * S3 clients kept, by setting, least recently used forgotten first: an installation has a setting or two per tenant
 * in use, a client is a few KB (the connections are the shared agents'), and a forgotten one is only rebuilt.
 */
const CLIENTS_KEPT = 64;

export function createTenantStores(
  db: Db,
  config: ServerConfig,
  installation: ObjectStore,
  embedded: ObjectStore,
): TenantStores & { cacheFigures(): CacheFigures[] } {
  const policy = outboundPolicy(config.outboundAllow ?? []);
  const lookup = checkedLookup(policy) as never;
  const agents = { http: new HttpAgent({ keepAlive: true, lookup }), https: new HttpsAgent({ keepAlive: true, lookup }) };
  // Clients by setting, rebuilt when the setting changes (its update time is part of the cache key).
  const clients = new BoundedCache<string, { stamp: string; store: ObjectStore }>('storageClients', { maxEntries: CLIENTS_KEPT });

  async function storeOf(setting: OssSetting, options: { requestTimeoutMs?: number } = {}): Promise<ObjectStore> {
    if (Number(setting.category) === EMBEDDED_CATEGORY) return embedded;
    const endpoint = setting.endpoint ?? '';
    if (!policy.hostAllowed(endpoint)) throw badRequest(OUTBOUND_REFUSED);
    const { S3ObjectStore } = await import('./s3');
    return new S3ObjectStore({
      endpoint,
      bucket: setting.bucket_name ?? '',
      region: setting.region || DEFAULT_REGION,
      accessKeyId: setting.access_key ?? '',
      secretAccessKey: setting.secret_key ?? '',
      pathStyle: Number(setting.path_style ?? 1) !== 0,
      agents,
      requestTimeoutMs: options.requestTimeoutMs,
    });
  }

  async function cachedStoreOf(setting: OssSetting): Promise<ObjectStore> {
    const stamp = `${setting.update_time ?? ''}`;
    const cached = clients.get(setting.id);
    if (cached?.stamp === stamp) return cached.store;
    const store = await storeOf(setting);
    clients.set(setting.id, { stamp, store });
    return store;
  }

  async function settingById(ossId: string): Promise<OssSetting | undefined> {
    // Removed settings too: objects written while one was enabled stay where they are.
    const [row] = await db.query<OssSetting>(`SELECT ${SETTING_COLUMNS} FROM blade_oss WHERE id = $1`, [ossId]);
    return row;
  }

  const stores: TenantStores & { cacheFigures(): CacheFigures[] } = {
    cacheFigures: () => [clients.figures()],
    installation,
    policy,
    storeOf: (setting) => storeOf(setting, { requestTimeoutMs: 8000 }),
    async forWrite(tenantId) {
      const params = new SqlParams();
      const where = [...tenantRows(tenantId, params), `status = ${params.add(OSS_ENABLED)}`].join(' AND ');
      const [row] = await db.query<OssSetting>(`SELECT ${SETTING_COLUMNS} FROM blade_oss WHERE ${where} ORDER BY update_time DESC LIMIT 1`, params.values);
      if (!row) return { ossId: INSTALLATION_OSS_ID, store: installation };
      return { ossId: row.id, store: await cachedStoreOf(row) };
    },
    async place(objectKey, ossId) {
      await db.query(
        `INSERT INTO blade_oss_object (object_key, oss_id) VALUES ($1, $2)
         ON CONFLICT (object_key) DO UPDATE SET oss_id = EXCLUDED.oss_id, create_time = now()`,
        [objectKey, ossId],
      );
    },
    async put(tenantId, objectKey, bytes, contentType) {
      const { ossId, store } = await stores.forWrite(tenantId);
      await store.putObject(objectKey, bytes, contentType);
      await stores.place(objectKey, ossId);
    },
    async locate(objectKey) {
      const [placed] = await db.query<{ oss_id: string }>('SELECT oss_id::text AS oss_id FROM blade_oss_object WHERE object_key = $1', [objectKey]);
      if (!placed || placed.oss_id === INSTALLATION_OSS_ID) return installation;
      const setting = await settingById(placed.oss_id);
      if (!setting) throw badRequest('文件所在的存储配置不存在');
      return cachedStoreOf(setting);
    },
  };
  return stores;
}
