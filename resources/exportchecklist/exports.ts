import { PassThrough } from 'node:stream';
import type { BladeUser, ServerServices } from '../../server/blade/context';
import { createResourceStore, type ResourceStore } from '../../server/blade/crud';
import { attachmentDisposition, pagesOf, writeXlsx, XLSX_TYPE, type ExcelColumn } from '../../server/excel';
import { tenantObjectKey, uploadKey } from '../../server/storage/keys';
import type { ResourceSchema } from '../types';
import { exportChecklistSchema } from './schema';

/** Server side only: a list exported as `.xlsx`, kept in object storage and recorded in the export checklist. */

type Row = Record<string, unknown>;

/** Query parameters that page a list rather than filter it. */
const PAGING = new Set(['current', 'size', 'ascs', 'descs']);

/** The screen's filters as a line of text for the checklist (`caseTitle=登录; priority=1`). */
export function filtersText(query: Record<string, string>): string {
  return Object.entries(query)
    .filter(([key, value]) => !PAGING.has(key) && value !== '')
    .map(([key, value]) => `${key}=${value}`)
    .join('; ');
}

/** Every row of the list with the caller's filters, page by page (the list's own query, scope and order). */
export function listRows(store: ResourceStore, user: BladeUser, query: Record<string, string>): AsyncGenerator<Row> {
  return pagesOf(async (offset, limit) => {
    const page = await store.list(user, { ...query, current: String(offset / limit + 1), size: String(limit) });
    return page.records as Row[];
  });
}

/** The workbook in memory: it is both stored and answered. */
async function workbookBytes<T>(columns: ExcelColumn<T>[], rows: AsyncIterable<T>, sheetName: string): Promise<{ bytes: Uint8Array; count: number }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  let count = 0;
  async function* counted() {
    for await (const row of rows) {
      count += 1;
      yield row;
    }
  }
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await writeXlsx(out, columns, counted(), { sheetName });
  out.end();
  await ended;
  return { bytes: new Uint8Array(Buffer.concat(chunks)), count };
}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;

export const xlsxDownload = (fileName: string, bytes: Uint8Array) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': attachmentDisposition(fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });

/**
 * Exports `rows` of `schema`'s list: writes the workbook, stores it under `export/`, records it in the export
 * checklist (file name, list title, filters, row count, key) and answers the download.
 */
export async function exportAndRecord<T>(
  services: ServerServices,
  user: BladeUser,
  schema: ResourceSchema,
  columns: ExcelColumn<T>[],
  rows: AsyncIterable<T>,
  query: Record<string, string>,
): Promise<Response> {
  const fileName = `${schema.title.zh}_${stamp(new Date())}.xlsx`;
  const { bytes, count } = await workbookBytes(columns, rows, schema.title.zh);
  const { key } = uploadKey('export', fileName, bytes.byteLength, Date.now());
  await services.storage.putObject(tenantObjectKey(user.tenantId, key), bytes, XLSX_TYPE);
  const checklist = createResourceStore(services.db, services.registry, exportChecklistSchema);
  await checklist.submit(user, { fileName, resourceTitle: schema.title.zh, filters: filtersText(query), rowCount: count, fileUrl: key });
  return xlsxDownload(fileName, bytes);
}
