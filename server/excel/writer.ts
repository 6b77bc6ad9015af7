import { PassThrough, Readable, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { loadExcelJs } from './load';
import type { ExcelColumn } from './columns';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH = 500;

/** `attachment` with an ASCII fallback name and the real one in UTF-8 (RFC 6266), so Chinese names survive. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A row's cell for a column: its own getter, else the property, coded values shown by their labels. */
function exportCell<T>(column: ExcelColumn<T>, row: T): unknown {
  const value = column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return null;
  if (column.options) {
    const label = Object.entries(column.options).find(([, code]) => code === String(value))?.[0];
    return label ?? value;
  }
  return value;
}

export interface WriteOptions {
  sheetName?: string;
}

/**
 * Streams a workbook of one sheet to `output`: a bold header row, then one row per item of `rows` (which may be an
 * async iterator over database pages), giving the event loop a turn every few hundred rows.
 */
export async function writeXlsx<T>(
  output: Writable,
  columns: ExcelColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
  options: WriteOptions = {},
): Promise<void> {
  const workbook = new (await loadExcelJs()).stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ key: column.key, width: column.width ?? Math.max(12, column.header.length * 2 + 4) }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(columns.map((column) => exportCell(column, row))).commit();
    count += 1;
    if (count % BATCH === 0) await nextTurn();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The rows of a query fetched page by page, so an export never holds every row: `fetchPage(offset, limit)` runs the
 * list query (with the screen's filters) for one page; a short page ends it.
 */
export async function* pagesOf<T>(fetchPage: (offset: number, limit: number) => Promise<T[]>, pageSize = 1000): AsyncGenerator<T> {
  for (let offset = 0; ; offset += pageSize) {
    const page = await fetchPage(offset, pageSize);
    yield* page;
    if (page.length < pageSize) return;
  }
}

/** The example row of an import template: each column's `example`, else its first option label. */
export function exampleRow(columns: ExcelColumn<never>[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column.key, column.example ?? Object.keys(column.options ?? {})[0] ?? '']));
}

/** A download response whose body is the workbook as it is being written. */
export function xlsxResponse<T>(
  fileName: string,
  columns: ExcelColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
  options: WriteOptions = {},
): Response {
  const body = new PassThrough();
  // A failure half-way cannot change the status any more: the download breaks off instead of ending as a valid file.
  writeXlsx(body, columns, rows, options).catch((error: unknown) => {
    console.error('[excel] export failed:', error);
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': attachmentDisposition(fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * The import template: the header row the reader expects (required columns marked `*`, which the reader ignores) and
 * one example row.
 */
export function templateResponse(fileName: string, columns: ExcelColumn<never>[], options: WriteOptions = {}): Response {
  const headers = columns.map(({ key, header, width, required }) => ({ key, width, header: required ? `*${header}` : header }));
  return xlsxResponse(fileName, headers, [exampleRow(columns)], options);
}
