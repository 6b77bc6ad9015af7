import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { loadExcelJs } from './load';
import { BladeError, badRequest } from '../blade/errors';
import { cellErrorText, convertCell, plainCellValue, type CellError, type ExcelColumn } from './columns';

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
}

export const DEFAULT_MAX_ROWS = 50_000;
const DEFAULT_BATCH = 200;
export const NOT_XLSX = '文件不是有效的xlsx文件';

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

/**
 * The data rows of the first sheet of an `.xlsx`, streamed: row 1 names the columns (in any order; unknown ones are
 * ignored), every later non-empty row is converted and checked cell by cell. Gives the event loop a turn every
 * `batchSize` rows, so a large file does not hold up other requests. A file that is not an xlsx, lacks a required
 * column or has too many rows is refused with a 400 BladeError.
 */
export async function* readXlsxRows(
  input: Uint8Array | Readable,
  columns: ExcelColumn<never>[],
  options: ReadOptions = {},
): AsyncGenerator<SheetRow> {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const source = input instanceof Uint8Array ? Readable.from([Buffer.from(input.buffer, input.byteOffset, input.byteLength)]) : input;
  // styles 'cache': without the number formats, dates would come back as plain serial numbers.
  const workbook = new (await loadExcelJs()).stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  const headerByKey = new Map(columns.map((column) => [column.key, column.header]));
  let sawSheet = false;
  try {
    for await (const sheet of workbook) {
      sawSheet = true;
      let positions: Map<string, number> | undefined;
      let count = 0;
      for await (const row of sheet) {
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
      if (!positions) throw badRequest(`文件没有表头，请使用导入模板`);
      // Only the first sheet holds data; the rest (instructions, lists) is not read.
      break;
    }
  } catch (error) {
    if (error instanceof BladeError) throw error;
    throw badRequest(NOT_XLSX);
  } finally {
    source.destroy();
  }
  if (!sawSheet) throw badRequest(NOT_XLSX);
}

/** Every row of the sheet at once, with all cell errors in sheet order (for a check before an import). */
export async function readXlsxSheet(input: Uint8Array | Readable, columns: ExcelColumn<never>[], options: ReadOptions = {}) {
  const rows: SheetRow[] = [];
  const errors: CellError[] = [];
  for await (const row of readXlsxRows(input, columns, options)) {
    rows.push(row);
    errors.push(...row.errors);
  }
  return { rows, errors, validRows: rows.filter((row) => row.errors.length === 0) };
}
