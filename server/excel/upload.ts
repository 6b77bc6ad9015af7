import type { Context } from 'hono';
import { discardRestOfBody } from '../blade/body';
import { badRequest, MSG } from '../blade/errors';
import { NOT_XLSX } from './reader';

export const DEFAULT_MAX_XLSX_BYTES = 10 * 1024 * 1024;

export interface UploadedXlsx {
  name: string;
  size: number;
  bytes: Uint8Array;
}

const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)}MB`;
/** Room for the multipart framing around the file. */
const FORM_OVERHEAD = 64 * 1024;

/** The body, read until it passes `limit` bytes (then undefined: a chunked body may not declare its length). */
async function readLimited(c: Context, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const body = c.req.raw.body;
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await discardRestOfBody(c, reader, size);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The `.xlsx` of a multipart request (field `file` unless told otherwise), checked before any parsing: size (by the
 * declared length, then while reading, so an oversized body is never held whole), extension and the zip signature.
 * Refusals are 400s.
 */
export async function receiveXlsx(c: Context, options: { field?: string; maxBytes?: number } = {}): Promise<UploadedXlsx> {
  const field = options.field ?? 'file';
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_XLSX_BYTES;
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest(`${MSG.missingParam}: ${field}`);
  }
  const tooLarge = () => badRequest(`上传文件大小不能超过${megabytes(maxBytes)}`);
  if (Number(c.req.header('content-length') ?? 0) > maxBytes + FORM_OVERHEAD) {
    await discardRestOfBody(c);
    throw tooLarge();
  }
  const raw = await readLimited(c, maxBytes + FORM_OVERHEAD);
  if (!raw) throw tooLarge();
  let form: FormData;
  try {
    form = await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': c.req.header('content-type') ?? '' }, body: raw }).formData();
  } catch {
    throw badRequest(`${MSG.paramInvalid}: ${field}`);
  }
  const file = form.get(field);
  if (!(file instanceof File)) throw badRequest(`${MSG.missingParam}: ${field}`);
  if (!/\.xlsx$/i.test(file.name)) throw badRequest('只能上传xlsx格式的文件');
  if (file.size > maxBytes) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Every xlsx is a zip archive: `PK\x03\x04`.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) throw badRequest(NOT_XLSX);
  return { name: file.name, size: file.size, bytes };
}
