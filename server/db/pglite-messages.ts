import { protocol } from '@electric-sql/pglite';

/** The backend messages `parseResults` reads (rows and command tags), and the first error, if any. */
export interface ReadMessages {
  messages: ({ name: 'dataRow'; fields: (string | null)[] } | { name: 'commandComplete'; text: string })[];
  error?: Error;
}

const BOM = [0xef, 0xbb, 0xbf];
const textDecoder = new TextDecoder('utf-8');

/**
 * A field's text as PGlite's parser reads it (a TextDecoder, which drops a leading byte-order mark), without the
 * copy into a fresh ArrayBuffer it makes per field: Buffer's native UTF-8 read where no mark leads.
 */
function text(bytes: Buffer, start: number, end: number): string {
  if (end - start >= 3 && bytes[start] === BOM[0] && bytes[start + 1] === BOM[1] && bytes[start + 2] === BOM[2]) {
    return textDecoder.decode(bytes.subarray(start, end));
  }
  return bytes.toString('utf8', start, end);
}

/** The error of an ErrorResponse, built by PGlite's own protocol parser: the same class and fields as its `query`. */
function databaseError(message: Uint8Array): Error | undefined {
  let error: Error | undefined;
  new protocol.Parser().parse(message, (parsed) => {
    if (parsed instanceof Error) error ??= parsed;
  });
  return error;
}

/**
 * Reads the backend's answer to Bind, Execute and Sync: data rows and command tags for `parseResults`, and the first
 * error (after it PostgreSQL skips to the Sync). Every other message (BindComplete, ReadyForQuery, notices) is
 * skipped, as PGlite's `query` drops notices unless asked for them.
 */
export function readMessages(data: Uint8Array): ReadMessages {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const messages: ReadMessages['messages'] = [];
  let error: Error | undefined;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at];
    const length = bytes.readInt32BE(at + 1);
    const body = at + 5;
    const end = at + 1 + length;
    if (code === 0x44 /* D */ && !error) {
      const count = bytes.readInt16BE(body);
      const fields: (string | null)[] = [];
      let field = body + 2;
      for (let index = 0; index < count; index++) {
        const size = bytes.readInt32BE(field);
        field += 4;
        if (size === -1) {
          fields.push(null);
        } else {
          fields.push(text(bytes, field, field + size));
          field += size;
        }
      }
      messages.push({ name: 'dataRow', fields });
    } else if (code === 0x43 /* C */ && !error) {
      messages.push({ name: 'commandComplete', text: text(bytes, body, end - 1) });
    } else if (code === 0x45 /* E */ && !error) {
      error = databaseError(data.subarray(at, end));
    }
    at = end;
  }
  return { messages, error };
}
