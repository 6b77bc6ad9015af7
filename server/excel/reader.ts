import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { loadExcelJs } from './load';
import { BladeError, badRequest } from '../blade/errors';
import { entryStream, zipEntries, ZipEntryTooLarge, ZipFormatError, type ZipEntry } from './zip';
import { cellErrorText, convertCell, plainCellValue, type CellError, type ExcelColumn } from './columns';
import { readSharedStringTable, type SharedStringLimits } from './sharedStrings';

export interface SheetRow {
  /** Sheet row number as Excel shows it (the header is row 1). */
  row: number;
  /** Converted values of the valid cells, by column key (coded values already turned into their codes). */
  values: Record<string, unknown>;
  errors: CellError[];
}

export interface ReadOptions {
  /** More data rows than this: the whole file is refused. */
  maxRows?: number;
  /** Rows read between two turns given back to the event loop. */
  batchSize?: number;
  /** The parts read (workbook, shared strings, styles, the sheet) inflate to more bytes than this: the file is refused. */
  maxInflatedBytes?: number;
  /** More shared strings (the distinct texts an xlsx keeps in one table) than this: the file is refused. */
  maxSharedStrings?: number;
  /** Shared strings holding more characters than this in all: the file is refused. */
  maxSharedTextLength?: number;
}

export const DEFAULT_MAX_ROWS = 50_000;
const DEFAULT_BATCH = 200;
export const NOT_XLSX = '文件不是有效的xlsx文件';
/**
 * The limits of one file. A 10 000-row case sheet written by Excel inflates to ~15 MB and holds < 120 000 shared
 * strings; a "zip bomb" (a few hundred KB that inflate to hundreds of MB of tiny rich-text strings) stops at one of
 * them after a second or two, holding at most the table below, never the file's whole content.
 */
export const DEFAULT_MAX_INFLATED_BYTES = 100 * 1024 * 1024;
export const DEFAULT_MAX_SHARED_STRINGS = 300_000;
export const DEFAULT_MAX_SHARED_TEXT = 20_000_000;
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)}MB` : `${Math.floor(bytes / 1024)}KB`);

/** Header text as users write it: spaces trimmed, a leading `*` (the usual "required" mark) ignored. */
const headerText = (value: unknown) => String(plainCellValue(value) ?? '').trim().replace(/^\*\s*/, '');

function headerPositions(cells: unknown[], columns: ExcelColumn<never>[]): Map<string, number> {
  const byText = new Map<string, number>();
  cells.forEach((cell, index) => {
    const text = headerText(cell);
    if (text && !byText.has(text)) byText.set(text, index);
  });
  const positions = new Map<string, number>();
  const missing: string[] = [];
  for (const column of columns) {
    const index = byText.get(column.header);
    if (index !== undefined) positions.set(column.key, index);
    else if (column.required) missing.push(`「${column.header}」`);
  }
  if (missing.length > 0) throw badRequest(`文件缺少列${missing.join('')}，请使用导入模板`);
  return positions;
}

const isEmptyRow = (cells: unknown[]) => cells.every((cell) => {
  const plain = plainCellValue(cell);
  return plain === undefined || (typeof plain === 'string' && plain.trim() === '');
});

/** What a sheet's rows look like to us (exceljs' streaming Row: `values` is 1-based). */
interface StreamedRow {
  number: number;
  values: unknown;
}

/**
 * exceljs' streaming workbook reader, used for its part parsers only: the zip is read by `zipEntries`, so that the
 * parts come in the order the parsers need (relations, workbook, shared strings, styles, then the sheet) whatever
 * order the file stores them in, and no sheet is written to a temporary file first. exceljs is pinned (4.4.0).
 */
interface WorkbookParts {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  sharedStrings?: string[];
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<StreamedRow> }>;
}

/** The zip path of the first sheet in workbook order (the first tab), else of the lowest-numbered sheet part. */
function firstSheetPath(parts: WorkbookParts, entries: Map<string, ZipEntry>): string | undefined {
  const first = parts.model?.sheets?.[0];
  const target = first && parts.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    if (entries.has(path)) return path;
  }
  const sheetNumber = (name: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? NaN);
  return [...entries.keys()].filter((name) => !Number.isNaN(sheetNumber(name))).sort((a, b) => sheetNumber(a) - sheetNumber(b))[0];
}

interface Limits extends SharedStringLimits {
  maxInflatedBytes: number;
}

/**
 * The rows of the workbook's first sheet, streamed. Throws ZipFormatError when the file is no xlsx. Every part stream
 * it opens is added to `opened`, for the caller to close (a reader that stops early leaves the sheet's open).
 */
async function firstSheetRows(bytes: Buffer, limits: Limits, opened: Readable[]): Promise<AsyncIterable<StreamedRow>> {
  const entries = zipEntries(bytes);
  const budget = { left: limits.maxInflatedBytes };
  const part = (name: string) => {
    const entry = entries.get(name);
    if (!entry) return undefined;
    const stream = entryStream(bytes, entry, budget);
    opened.push(stream);
    return stream;
  };
  // styles 'cache': without the number formats, dates would come back as plain serial numbers.
  const parts = new (await loadExcelJs()).stream.xlsx.WorkbookReader(null as never, {
    worksheets: 'emit',
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
  }) as unknown as WorkbookParts;
  const relations = part('xl/_rels/workbook.xml.rels');
  if (relations) await parts._parseRels(relations);
  const workbookPart = part('xl/workbook.xml');
  if (!workbookPart) throw new ZipFormatError('no xl/workbook.xml');
  await parts._parseWorkbook(workbookPart);
  const sharedStrings = part('xl/sharedStrings.xml');
  // The sheet reader looks shared-string cells up in this table (read by us: exceljs keeps an object per rich-text run).
  if (sharedStrings) parts.sharedStrings = await readSharedStringTable(sharedStrings, limits);
  const styles = part('xl/styles.xml');
  if (styles) await parts._parseStyles(styles);
  const sheetPath = firstSheetPath(parts, entries);
  if (!sheetPath) throw new ZipFormatError('no worksheet');
  const sheetNo = /(\d+)\.xml$/.exec(sheetPath)?.[1] ?? '1';
  for (const { eventType, value } of parts._parseWorksheet(part(sheetPath)!, sheetNo)) {
    if (eventType === 'worksheet') return value;
  }
  throw new ZipFormatError('no worksheet');
}

/**
 * The data rows of the first sheet of an `.xlsx`, streamed: row 1 names the columns (in any order; unknown ones are
 * ignored), every later non-empty row is converted and checked cell by cell. Gives the event loop a turn every
 * `batchSize` rows, so a large file does not hold up other requests. A file that is not an xlsx, lacks a required
 * column, has too many rows, too many shared strings or parts that inflate past `maxInflatedBytes` is refused with a
 * 400 BladeError naming the limit. Memory: the upload, the shared-string table (bounded) and one batch of rows.
 */
export async function* readXlsxRows(input: Uint8Array, columns: ExcelColumn<never>[], options: ReadOptions = {}): AsyncGenerator<SheetRow> {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const headerByKey = new Map(columns.map((column) => [column.key, column.header]));
  let positions: Map<string, number> | undefined;
  let count = 0;
  const opened: Readable[] = [];
  const limits: Limits = {
    maxInflatedBytes: options.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES,
    maxSharedStrings: options.maxSharedStrings ?? DEFAULT_MAX_SHARED_STRINGS,
    maxSharedTextLength: options.maxSharedTextLength ?? DEFAULT_MAX_SHARED_TEXT,
  };
  try {
    for await (const row of await firstSheetRows(bytes, limits, opened)) {
      const cells = (row.values as unknown[]).slice(1);
      if (!positions) {
        if (isEmptyRow(cells)) continue;
        positions = headerPositions(cells, columns);
        continue;
      }
      if (isEmptyRow(cells)) continue;
      count += 1;
      if (count > maxRows) throw badRequest(`导入数据不能超过${maxRows}行`);
      const values: Record<string, unknown> = {};
      const errors: CellError[] = [];
      for (const column of columns) {
        const index = positions.get(column.key);
        const result = convertCell(column, index === undefined ? undefined : cells[index]);
        if ('error' in result) {
          const header = headerByKey.get(column.key) ?? column.key;
          errors.push({ row: row.number, column: header, message: result.error, text: cellErrorText(row.number, header, result.error) });
        } else if (result.value !== undefined) {
          values[column.key] = result.value;
        }
      }
      yield { row: row.number, values, errors };
      if (count % batchSize === 0) await nextTurn();
    }
  } catch (error) {
    if (error instanceof BladeError) throw error;
    if (error instanceof ZipEntryTooLarge) throw badRequest(`文件解压后超过${sizeText(limits.maxInflatedBytes)}，请分批导入`);
    throw badRequest(NOT_XLSX);
  } finally {
    for (const stream of opened) stream.destroy();
  }
  if (!positions) throw badRequest(`文件没有表头，请使用导入模板`);
}

/** Every row of the sheet at once, with all cell errors in sheet order (for a check before an import). */
export async function readXlsxSheet(input: Uint8Array, columns: ExcelColumn<never>[], options: ReadOptions = {}) {
  const rows: SheetRow[] = [];
  const errors: CellError[] = [];
  for await (const row of readXlsxRows(input, columns, options)) {
    rows.push(row);
    errors.push(...row.errors);
  }
  return { rows, errors, validRows: rows.filter((row) => row.errors.length === 0) };
}
