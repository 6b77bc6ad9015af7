import type { BladeModule } from '../../blade/context';
import { R, send } from '../../blade/envelope';
import { badRequest, MSG } from '../../blade/errors';
import { formatDateTime } from '../../blade/serializer';
import { maxObjectBytes, type ManagedObjectStore } from '../../storage';
import { isSafeKey, tenantObjectKey, uploadKey } from '../../storage/keys';
import { mountLocalStore } from '../../storage/local';
import type { ObjectStore } from '../../storage/types';

export const OSS_CREDENTIAL_PATH = '/api/blade-resource/oss/oss-credential';
export const OBS_DETAILS_PATH = '/gateway/blade-oss/oss/huawei/obsDetails';
/** Presigned URLs live this long: enough for a large upload on a slow line, short enough not to be shared around. */
export const PRESIGN_SECONDS = 15 * 60;

const TYPES_BY_EXTENSION: Record<string, string> = {
  py: 'text/x-python',
  txt: 'text/plain',
  json: 'application/json',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};
/**
 * What the upload screens send (测试脚本: python, as the browser names it, or packed; sheets, documents and images
 * beside them), by the type before any `;`. Anything else, HTML and SVG first, could run in a browser that opens it.
 */
const UPLOAD_TYPES = new Set([
  'text/x-python',
  'text/x-python-script',
  'text/x-script.python',
  'text/plain',
  'application/json',
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}(;\s*charset=[a-z0-9_-]{1,32})?$/i;

/** The spec's key of an uploaded test script: `script/{name}_fb_{size}_b_{timestamp}.{ext}`. */
export const scriptKey = (fileName: string, size: number, timestamp: number) => uploadKey('script', fileName, size, timestamp);

const hasStat = (store: ObjectStore): store is ManagedObjectStore => typeof (store as Partial<ManagedObjectStore>).stat === 'function';

/**
 * Direct uploads to object storage: `oss-credential` signs a PUT for a new key of the caller's tenant, `obsDetails`
 * names the bucket and signs a GET for one of the tenant's keys. No key pair ever leaves the server: the browser
 * gets presigned URLs only. Both go to the tenant's storage setting (`services.objects`): a new key where the
 * tenant's uploads go now, an existing one where it was uploaded. This module also mounts the embedded store at
 * `/oss/<bucket>/<key>`.
 */
export const ossModule: BladeModule = (app, { config, embeddedStorage, objects }) => {
  mountLocalStore(app, embeddedStorage);
  const maxBytes = maxObjectBytes(config);

  app.get(OSS_CREDENTIAL_PATH, async (c) => {
    const fileName = (c.req.query('fileName') ?? '').trim();
    if (!fileName) throw badRequest(`${MSG.missingParam}: fileName`);
    if (fileName.length > 255) throw badRequest(`${MSG.paramInvalid}: fileName 不能超过255个字符`);
    const sizeText = c.req.query('size') ?? '';
    if (!sizeText) throw badRequest(`${MSG.missingParam}: size`);
    if (!/^\d{1,16}$/.test(sizeText)) throw badRequest(`${MSG.paramType}: size`);
    const size = Number(sizeText);
    if (size < 1) throw badRequest(`${MSG.paramInvalid}: size 上传文件不能为空`);
    if (size > maxBytes) throw badRequest(`${MSG.paramInvalid}: size 上传文件大小不能超过${Math.floor(maxBytes / 1024 / 1024)}MB`);
    const { key, extension } = scriptKey(fileName, size, Date.now());
    const contentType = (c.req.query('contentType') ?? '').trim() || TYPES_BY_EXTENSION[extension] || 'application/octet-stream';
    if (!CONTENT_TYPE.test(contentType)) throw badRequest(`${MSG.paramInvalid}: contentType`);
    const baseType = contentType.split(';')[0].trim().toLowerCase();
    if (!UPLOAD_TYPES.has(baseType)) throw badRequest(`${MSG.paramInvalid}: contentType 不支持上传${baseType}类型的文件`);

    const tenantId = c.get('user').tenantId;
    const objectKey = tenantObjectKey(tenantId, key);
    const { ossId, store: storage } = await objects.forWrite(tenantId);
    // Recorded before the browser uploads: a switch of the enabled setting meanwhile leaves the object findable.
    await objects.place(objectKey, ossId);
    const details = storage.describe();
    const now = Date.now();
    return send(c, R.data({
      key,
      objectKey,
      bucketName: details.bucket,
      endpoint: details.endpoint,
      region: details.region,
      uploadUrl: await storage.presignPut(objectKey, contentType, PRESIGN_SECONDS, size),
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      expiresIn: PRESIGN_SECONDS,
      expiration: formatDateTime(new Date(now + PRESIGN_SECONDS * 1000)),
    }));
  });

  app.get(OBS_DETAILS_PATH, async (c) => {
    const tenantId = c.get('user').tenantId;
    const key = c.req.query('key');
    if (key !== undefined && !isSafeKey(key)) throw badRequest(`${MSG.paramInvalid}: key`);
    const objectKey = key === undefined ? undefined : tenantObjectKey(tenantId, key);
    // An object's own store (where it was written); without a key, where the next upload goes.
    const storage = objectKey ? await objects.locate(objectKey) : (await objects.forWrite(tenantId)).store;
    const details = storage.describe();
    const answer: Record<string, unknown> = { bucketName: details.bucket, endpoint: details.endpoint, region: details.region };
    if (key !== undefined && objectKey) {
      if (hasStat(storage) && !(await storage.stat(objectKey))) throw badRequest('文件不存在');
      Object.assign(answer, { key, downloadUrl: await storage.presignGet(objectKey, PRESIGN_SECONDS), expiresIn: PRESIGN_SECONDS });
    }
    return send(c, R.data(answer));
  });
};
