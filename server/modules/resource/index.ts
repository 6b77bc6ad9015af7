import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import type { Context } from 'hono';
import { isAdministrator, type BladeEnv, type BladeModule, type BladeUser } from '../../blade/context';
import { R, send } from '../../blade/envelope';
import { formBody } from '../../blade/body';
import { BladeError, badRequest, forbidden } from '../../blade/errors';
import { primaryDept } from '../../blade/store-write';
import { isIdText, nextId } from '../../blade/ids';
import { formatDateTime } from '../../blade/serializer';
import { tenantObjectKey } from '../../storage/keys';

const BASE = '/api/blade-resource/oss/endpoint';
const FILE_PATH = `${BASE}/file/`;
/** Uploaded files are served without a token (as an object-storage link is); their names are unguessable. */
export const RESOURCE_PUBLIC_PATHS = [FILE_PATH];

/** Where an uploaded file lives in its tenant's storage. */
export const attachObjectKey = (tenantId: string, name: string) => tenantObjectKey(tenantId, `attach/${name}`);

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const TYPES_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** Shown inline; anything else (HTML, SVG, scripts...) is a download so an upload can never run in this origin. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'text/plain; charset=utf-8']);

/**
 * `put-file` (multipart `file`) stores an upload in the tenant's object storage and lists it in `blade_attach`;
 * `file/<name>` serves it back.
 */
export const resourceModule: BladeModule = (app, { db, objects }) => {
  // Uploads belong to forms that add or edit something (and the own avatar): a role without any such button
  // (a read-only role) may not store files.
  const mayUpload = async (user: BladeUser) => {
    if (isAdministrator(user)) return true;
    const rows = await db.cachedQuery(
      `SELECT 1 FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0
       WHERE rm.role_id = ANY(string_to_array($1, ',')::bigint[]) AND m.category = 2 AND m.alias IN ('add', 'edit') LIMIT 1`,
      [user.roleId.split(',').filter(isIdText).join(',')],
    );
    return rows.length > 0;
  };

  /**
   * `put-file` (avatars, forms) and `put-file-attach` (BladeX's 附件管理 上传): the file goes to the tenant's enabled
   * storage under `attach/<name>`, its row to `blade_attach`; the link is this server's, whichever store holds it.
   */
  const putFile = async (c: Context<BladeEnv>) => {
    if (!(await mayUpload(c.get('user')))) throw forbidden();
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_UPLOAD_BYTES + 64 * 1024) throw badRequest('上传文件大小不能超过10MB');
    const body = await formBody(c);
    const file = body.file;
    if (!(file instanceof File)) throw badRequest('请选择要上传的文件');
    if (file.size > MAX_UPLOAD_BYTES) throw badRequest('上传文件大小不能超过10MB');
    if (file.size === 0) throw badRequest('上传文件不能为空');
    const originalName = file.name.replaceAll('\u0000', '').slice(0, 255) || 'file';
    const extension = extname(originalName).toLowerCase().slice(0, 16);
    const contentType = TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
    const name = `${randomUUID().replaceAll('-', '')}${/^\.[a-z0-9]+$/.test(extension) ? extension : ''}`;
    const link = `${FILE_PATH}${name}`;
    const user = c.get('user');
    await objects.put(user.tenantId, attachObjectKey(user.tenantId, name), new Uint8Array(await file.arrayBuffer()), contentType);
    const id = nextId();
    const now = formatDateTime(new Date());
    await db.query(
      `INSERT INTO blade_attach (id, tenant_id, link, domain_url, name, original_name, extension, content_type, attach_size, content,
         create_user, create_time, update_user, update_time, create_dept)
       VALUES ($1, $2, $3, '', $4, $5, $6, $7, $8, NULL, $9, $10, $9, $10, $11)`,
      [id, user.tenantId, link, name, originalName, extension.replace('.', ''), contentType, file.size,
        /^\d+$/.test(user.userId) ? user.userId : null, now, primaryDept(user)],
    );
    // `link` is relative: it works whatever host or proxy the browser reached this server through.
    return send(c, R.data({ link, domain: '', name, originalName, attachId: id }));
  };
  app.post(`${BASE}/put-file`, putFile);
  app.post(`${BASE}/put-file-attach`, putFile);

  app.get(`${FILE_PATH}:name`, async (c) => {
    const [file] = await db.query<{ tenant_id: string; content: Uint8Array | null; content_type: string; original_name: string | null }>(
      'SELECT tenant_id, content, content_type, original_name FROM blade_attach WHERE name = $1 AND is_deleted = 0',
      [c.req.param('name')],
    );
    if (!file) throw new BladeError(404, '文件不存在');
    // Files uploaded before object storage held them are still in the row.
    const objectKey = attachObjectKey(file.tenant_id, c.req.param('name'));
    const content = file.content ?? (await (await objects.locate(objectKey)).getObject(objectKey));
    if (!content) throw new BladeError(404, '文件不存在');
    const inline = INLINE_TYPES.has(file.content_type);
    const filename = encodeURIComponent(file.original_name ?? c.req.param('name'));
    return c.body(new Uint8Array(content), 200, {
      'Content-Type': file.content_type,
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${filename}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=86400',
    });
  });
};
