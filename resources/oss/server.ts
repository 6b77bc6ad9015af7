import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { R } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { oneEnabled } from '../../server/blade/one-enabled';
import { idBody } from '../../server/blade/operation';
import type { OutboundPolicy } from '../../server/outbound';
import { testStorageConnection } from '../../server/storage/connection-test';
import { isBucketName } from '../../server/storage/keys';
import { EMBEDDED_CATEGORY, OUTBOUND_REFUSED, type OssSetting } from '../../server/storage/tenant-stores';
import { OSS_STATUS } from './schema';

const onlyOneEnabled = oneEnabled({ enabled: OSS_STATUS.enabled, disabled: OSS_STATUS.disabled, noun: '存储配置' });

/** The server's allow-list, handed over when the routes are mounted (before any write can arrive). */
let outbound: OutboundPolicy | undefined;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * An S3-compatible setting needs its endpoint (on the outbound allow-list), bucket and key pair; the embedded store
 * none. One setting per tenant is enabled (`enable`): it cannot be stopped or removed while it is, so uploads always
 * have somewhere to go. 测试 checks the saved setting against its service.
 */
export const behaviour: ResourceBehaviour = {
  async beforeWrite(context) {
    const { tx, values, before, isInsert, isPatch } = context;
    if (isPatch) return;
    onlyOneEnabled.refuseDisabling(context);
    const merged = { ...before, ...values };
    if (Number(merged.category) === EMBEDDED_CATEGORY) return;
    // A category outside the dictionary is the field's own rule to refuse, in its words.
    const [known] = await tx.query(`SELECT 1 FROM blade_dict WHERE code = 'oss' AND dict_key = $1 AND parent_id <> 0 AND is_deleted = 0 LIMIT 1`, [
      String(merged.category),
    ]);
    if (!known) return;
    const endpoint = text(merged.endpoint);
    if (!endpoint) throw badRequest('请输入资源地址');
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw badRequest('资源地址格式不正确，应以 http:// 或 https:// 开头');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('资源地址格式不正确，应以 http:// 或 https:// 开头');
    if (outbound && !outbound.hostAllowed(endpoint)) throw badRequest(OUTBOUND_REFUSED);
    const bucket = text(merged.bucketName);
    if (!bucket) throw badRequest('请输入空间名');
    if (!isBucketName(bucket)) throw badRequest('空间名格式不正确：3-63位小写字母、数字、点或短横线');
    if (!text(merged.accessKey)) throw badRequest('请输入accessKey');
    // On update an empty or masked secret keeps the stored one (the store leaves it out of `values`).
    if (isInsert && !text(values.secretKey)) throw badRequest('请输入secretKey');
  },

  beforeRemove: onlyOneEnabled.refuseRemoving,

  routes(routes) {
    const { operation, store, services } = routes;
    const { db, objects } = services;
    outbound = objects.policy;
    const settingOf = async (user: Parameters<typeof store.byIds>[0], id: string) => {
      const [row] = await store.byIds(user, [id]);
      if (!row) throw badRequest('存储配置不存在');
      // The key pair is not in the row as answered: read it where only the server sees it.
      const [setting] = await db.query<OssSetting>(
        `SELECT id::text AS id, category, endpoint, bucket_name, region, access_key, secret_key, path_style, update_time::text AS update_time
         FROM blade_oss WHERE id = $1`,
        [id],
      );
      return setting;
    };

    // 启用: this setting takes every upload of the tenant from now on; the one enabled before keeps its objects.
    onlyOneEnabled.mountEnable(routes);

    // 测试: a small put, read and delete against the saved setting; a service the browser uploads to also its CORS.
    operation('test', { query: idBody }, async (call) => {
      const setting = await settingOf(call.user, call.query.id);
      const embedded = Number(setting.category) === EMBEDDED_CATEGORY;
      const target = await objects.storeOf(setting);
      const origin = call.c.req.header('origin') ?? new URL(call.c.req.url).origin;
      const failure = await testStorageConnection(target, embedded ? undefined : { origin, policy: objects.policy });
      if (failure) throw badRequest(`连接测试失败：${failure}`);
      return R.data({ ok: true }, '连接测试成功');
    });
  },
};
