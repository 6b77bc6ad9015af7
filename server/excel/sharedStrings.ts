import { badRequest } from '../blade/errors';

export interface SharedStringLimits {
  maxSharedStrings: number;
  maxSharedTextLength: number;
}

/**
 * One `<si>` item longer than this (as XML) is no spreadsheet cell (Excel keeps 32 767 characters per cell): the
 * reader stops rather than gather it.
 */
const MAX_ITEM_XML = 1024 * 1024;

/** The table's own head: `uniqueCount` (or `count`) says how many items follow. */
const TABLE_HEAD = /<(?:[\w.-]+:)?sst\b[^>]*>/;
const DECLARED = /\buniqueCount\s*=\s*["'](\d+)["']/;
const ITEM = /<(?:[\w.-]+:)?si(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?si>)/g;
const ITEM_START = /<(?:[\w.-]+:)?si[\s>/]/;
const PHONETIC = /<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh>/g;
const TEXT = /<(?:[\w.-]+:)?t(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?t>)/g;
const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Excel's escape of characters XML cannot carry (`_x000D_` for a carriage return). */
const EXCEL_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

function decodeText(xml: string): string {
  const text = xml.replace(ENTITY, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name];
    const code = hex ? parseInt(hex, 16) : Number(decimal);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
  return text.replace(EXCEL_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The text of one `<si>` item: its plain `<t>` or its rich-text runs' `<t>`s joined, phonetic hints left out. */
export function sharedItemText(inner: string): string {
  let text = '';
  for (const match of inner.replace(PHONETIC, '').matchAll(TEXT)) text += decodeText(match[1] ?? '');
  return text;
}

/**
 * The shared-string table (`xl/sharedStrings.xml`) as plain strings, read from its text chunks within the limits.
 * Only the strings are kept: no object per rich-text run and its font (exceljs' parser made two million of them for
 * a few hundred KB of upload), so a file that is refused at the limit has cost little more than the table.
 */
export async function readSharedStringTable(chunks: AsyncIterable<string | Buffer>, limits: SharedStringLimits): Promise<string[]> {
  const table: string[] = [];
  let length = 0;
  let carry = '';
  let headRead = false;
  const tooMany = () => badRequest(`文件中的文本超过${limits.maxSharedStrings}条，请分批导入`);
  for await (const chunk of chunks) {
    const text = carry + String(chunk);
    if (!headRead) {
      const head = TABLE_HEAD.exec(text);
      // A table that says it holds more strings than allowed is refused before any is read (Excel writes the count).
      if (head) {
        headRead = true;
        if (Number(DECLARED.exec(head[0])?.[1] ?? 0) > limits.maxSharedStrings) throw tooMany();
      }
    }
    let end = 0;
    ITEM.lastIndex = 0;
    for (let match = ITEM.exec(text); match; match = ITEM.exec(text)) {
      if (table.length >= limits.maxSharedStrings) throw tooMany();
      const value = match[1] === undefined ? '' : sharedItemText(match[1]);
      length += value.length;
      if (length > limits.maxSharedTextLength) throw badRequest(`文件中的文本超过${limits.maxSharedTextLength}个字符，请分批导入`);
      table.push(value);
      end = ITEM.lastIndex;
    }
    // What follows the last whole item: an item still open, or a tag cut by the chunk's end.
    const rest = text.slice(end);
    const open = rest.search(ITEM_START);
    carry = open >= 0 ? rest.slice(open) : rest.slice(Math.max(0, rest.lastIndexOf('<')));
    if (carry.length > MAX_ITEM_XML) throw badRequest(`文件中的文本超过${limits.maxSharedTextLength}个字符，请分批导入`);
  }
  return table;
}
