import type { BladeUser } from '../../blade/context';
import { badRequest } from '../../blade/errors';
import { nextId } from '../../blade/ids';
import { SqlParams } from '../../blade/query';
import { tenantWhere } from '../../blade/scope';
import type { Db } from '../../db/types';
import { attachmentDisposition } from '../../excel';
import { tenantObjectKey } from '../../storage/keys';
import type { TenantStores } from '../../storage/types';
import { attachmentName, caseTooLarge, fileTooLarge, tooManyFiles, type AttachmentLimits } from '../../../agent/outputFolder';
import type { AgentTerminal } from './engine';
import { runScope, type CaseAttachment } from './read';

/**
 * A case's attachments: files its script wrote into its output folder (`BLADE_OUTPUT_DIR`), uploaded by the agent
 * after the script ended and before its result, into the tenant's enabled object store (agent/outputFolder.ts has
 * the limits and their words).
 */

/** Content types by extension: only for the download's header (always served as an attachment, never rendered inline). */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
};
const contentTypeOf = (name: string) => CONTENT_TYPES[/\.([a-z0-9]+)$/i.exec(name)?.[1].toLowerCase() ?? ''] ?? 'application/octet-stream';

/** Stores one attachment of a case the terminal is running, within the limits. */
export async function storeAttachment(
  db: Db,
  objects: TenantStores,
  terminal: AgentTerminal,
  upload: { caseId: string; name: string; bytes: Uint8Array },
  limits: AttachmentLimits,
): Promise<CaseAttachment> {
  const fileName = attachmentName(upload.name);
  if (!fileName) throw badRequest('附件名称不能为空');
  if (upload.bytes.byteLength > limits.fileBytes) throw badRequest(fileTooLarge(fileName, upload.bytes.byteLength, limits));
  const scope = tenantWhere(terminal.tenantId, { noLogicalDelete: true }, "id = $1 AND terminal_id = $2 AND case_status = 'running'", [
    upload.caseId,
    terminal.terminalId,
  ]);
  const [running] = await db.query<{ run_id: string }>(`SELECT run_id::text AS run_id FROM blade_task_run_case WHERE ${scope.where}`, scope.values);
  if (!running) throw badRequest('用例不在执行中，附件未保存');
  const [held] = await db.query<{ files: string; bytes: string | null }>(
    'SELECT count(*) AS files, sum(file_size) AS bytes FROM blade_task_run_case_attachment WHERE case_id = $1 AND file_name <> $2',
    [upload.caseId, fileName],
  );
  if (Number(held.files) >= limits.caseFiles) throw badRequest(tooManyFiles(fileName, limits));
  if (Number(held.bytes ?? 0) + upload.bytes.byteLength > limits.caseBytes) throw badRequest(caseTooLarge(fileName, limits));

  const id = nextId();
  const contentType = contentTypeOf(fileName);
  // The key is made of ids only: the file's name is data, never a path in the store.
  const objectKey = tenantObjectKey(terminal.tenantId, `attachment/${running.run_id}/${upload.caseId}/${id}`);
  await objects.put(terminal.tenantId, objectKey, upload.bytes, contentType);
  // A file uploaded twice (an agent's retry) keeps its last bytes.
  await db.query(
    `INSERT INTO blade_task_run_case_attachment (id, tenant_id, run_id, case_id, file_name, object_key, content_type, file_size)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (case_id, file_name) DO UPDATE SET id = EXCLUDED.id, object_key = EXCLUDED.object_key,
       content_type = EXCLUDED.content_type, file_size = EXCLUDED.file_size, create_time = now()`,
    [id, terminal.tenantId, running.run_id, upload.caseId, fileName, objectKey, contentType, upload.bytes.byteLength],
  );
  return { id, caseId: upload.caseId, fileName, fileSize: upload.bytes.byteLength };
}

/** One attachment as a download, if it belongs to a run the caller may read (the run's task data scope). */
export async function attachmentDownload(db: Db, objects: TenantStores, user: BladeUser, attachmentId: string): Promise<Response> {
  const params = new SqlParams();
  const where = [`a.id = ${params.add(attachmentId)}`, ...runScope(user, params, 'r')].join(' AND ');
  const [row] = await db.query<{ file_name: string; object_key: string; content_type: string }>(
    `SELECT a.file_name, a.object_key, a.content_type FROM blade_task_run_case_attachment a
     JOIN blade_task_run r ON r.id = a.run_id AND r.tenant_id = a.tenant_id WHERE ${where}`,
    params.values,
  );
  if (!row) throw badRequest('附件不存在');
  const store = await objects.locate(row.object_key);
  const bytes = await store.getObject(row.object_key);
  if (!bytes) throw badRequest('附件文件已不存在');
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': row.content_type,
      'Content-Disposition': attachmentDisposition(row.file_name.split('/').pop() || row.file_name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'no-store',
    },
  });
}
