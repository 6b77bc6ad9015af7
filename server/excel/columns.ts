/** One column of an imported or exported sheet, found by its header text. */
export interface ExcelColumn<T = Record<string, unknown>> {
  /** Property of the row object. */
  key: string;
  /** Header cell text (what users see and type). */
  header: string;
  type?: 'string' | 'number' | 'integer' | 'date' | 'datetime';
  required?: boolean;
  maxLength?: number;
  /** Coded values: label shown in the sheet → value stored (`{ 高: '1', 中: '2' }`). */
  options?: Record<string, string>;
  /** Shown in the template's example row. */
  example?: string | number;
  /** Column width in characters. */
  width?: number;
  /** Export: the cell of a row (default `row[key]`, a coded value turned into its label). */
  value?(row: T): unknown;
}

export interface CellError {
  /** Sheet row number as Excel shows it (the header is row 1). */
  row: number;
  column: string;
  message: string;
  /** `第3行「用例标题」: 不能为空` */
  text: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Dates of a sheet carry no zone: exceljs gives them as UTC, so the UTC fields are the ones the user typed. */
export const formatSheetDate = (date: Date, withTime: boolean) => {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return withTime ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` : day;
};

/** The value of an exceljs cell as plain data: rich text, hyperlinks and formula results flattened. */
export function plainCellValue(value: unknown): string | number | boolean | Date | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return plainCellValue(cell.result);
    if (typeof cell.text === 'string') return cell.text;
    if (cell.error !== undefined) return undefined;
  }
  return String(value);
}

const DATE_TEXT = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function parseDateText(text: string): Date | undefined {
  const match = DATE_TEXT.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  // Date.UTC rolls 2024-02-30 over into March: such a date was not a real one.
  return date.getUTCDate() === Number(d) && date.getUTCMonth() === Number(mo) - 1 ? date : undefined;
}

/** A cell checked against its column: the value to keep, or the reason it cannot be kept. */
export function convertCell(column: ExcelColumn<never>, raw: unknown): { value: unknown } | { error: string } {
  const plain = plainCellValue(raw);
  const text = plain instanceof Date ? '' : plain === undefined ? '' : String(plain).trim();
  if (plain === undefined || (!(plain instanceof Date) && text === '')) {
    return column.required ? { error: '不能为空' } : { value: undefined };
  }
  if (column.options) {
    const labels = Object.keys(column.options);
    if (labels.includes(text)) return { value: column.options[text] };
    // A value typed as its code is accepted too.
    if (Object.values(column.options).includes(text)) return { value: text };
    return { error: `必须是以下之一: ${labels.join('、')}` };
  }
  switch (column.type ?? 'string') {
    case 'number':
    case 'integer': {
      const number = typeof plain === 'number' ? plain : Number(text);
      if (text === '' || !Number.isFinite(number)) return { error: '必须是数字' };
      if (column.type === 'integer' && !Number.isSafeInteger(number)) return { error: '必须是整数' };
      return { value: number };
    }
    case 'date':
    case 'datetime': {
      const date = plain instanceof Date ? plain : parseDateText(text);
      if (!date || Number.isNaN(date.getTime())) return { error: '不是有效的日期' };
      return { value: formatSheetDate(date, column.type === 'datetime') };
    }
    default: {
      const value = plain instanceof Date ? formatSheetDate(plain, true) : text;
      if (column.maxLength !== undefined && [...value].length > column.maxLength) return { error: `长度不能超过${column.maxLength}个字符` };
      return { value };
    }
  }
}

export const cellErrorText = (row: number, column: string, message: string) => `第${row}行「${column}」: ${message}`;
