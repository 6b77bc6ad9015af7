import type { Context } from 'hono';
import { badRequest, MSG } from '../blade/errors';
import { NOT_XLSX } from './reader';

export const DEFAULT_MAX_XLSX_BYTES = 10 * 1024 * 1024;

export interface UploadedXlsx {
  name: string;
  size: number;
  bytes: Uint8Array;
}

const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)}MB`;

/**
 * The `.xlsx` of a multipart request (field `file` unless told otherwise), checked before any parsing: size (by the
 * declared length first, so an oversized body is not read), extension and the zip signature. Refusals are 400s.
 */
export async function receiveXlsx(c: Context, options: { field?: string; maxBytes?: number } = {}): Promise<UploadedXlsx> {
  const field = options.field ?? 'file';
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_XLSX_BYTES;
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest(`${MSG.missingParam}: ${field}`);
  }
  if (Number(c.req.header('content-length') ?? 0) > maxBytes + 64 * 1024) throw badRequest(`上传文件大小不能超过${megabytes(maxBytes)}`);
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest(`${MSG.paramInvalid}: ${field}`);
  }
  const file = body[field];
  if (!(file instanceof File)) throw badRequest(`${MSG.missingParam}: ${field}`);
  if (!/\.xlsx$/i.test(file.name)) throw badRequest('只能上传xlsx格式的文件');
  if (file.size > maxBytes) throw badRequest(`上传文件大小不能超过${megabytes(maxBytes)}`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Every xlsx is a zip archive: `PK\x03\x04`.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) throw badRequest(NOT_XLSX);
  return { name: file.name, size: file.size, bytes };
}
