import { Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/** One file of a zip archive held in memory, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  headerOffset: number;
}

/** Thrown for anything that is not a readable zip archive (or uses what an xlsx never does: encryption, other compression). */
export class ZipFormatError extends Error {}

/** Thrown when an entry inflates to more than it is allowed to (a "zip bomb"). */
export class ZipEntryTooLarge extends Error {}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;

function endOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes, followed by a comment of at most 65 535 bytes.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let offset = bytes.length - 22; offset >= lowest; offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw new ZipFormatError('no end of central directory');
}

const ZIP64_MARK = 0xffffffff;
const ZIP64_EXTRA = 0x0001;

/** The 8-byte values of a zip64 extra field, in its order, for the sizes that are marked as stored there. */
function readZip64Sizes(extra: Buffer, sizes: { uncompressed: number; compressed: number; headerOffset: number }, name: string) {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw new ZipFormatError(`short zip64 field of ${name}`);
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        if (!Number.isSafeInteger(value)) throw new ZipFormatError(`zip64 size of ${name}`);
        return value;
      };
      if (sizes.uncompressed === ZIP64_MARK) sizes.uncompressed = next();
      if (sizes.compressed === ZIP64_MARK) sizes.compressed = next();
      if (sizes.headerOffset === ZIP64_MARK) sizes.headerOffset = next();
      return;
    }
    at += 4 + length;
  }
  throw new ZipFormatError(`no zip64 field for ${name}`);
}

/**
 * The entries of a zip archive, by name, read from its central directory. The archive is already in memory (uploads
 * are), so nothing depends on the order of the entries or on stream timing: unzipper's streaming parser, which exceljs
 * uses, sometimes ends before its last entries under load and then a valid file reads as broken.
 */
export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  if (bytes.length < 22) throw new ZipFormatError('too short');
  const end = endOfCentralDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_FILE_HEADER) throw new ZipFormatError('bad central directory');
    const flags = bytes.readUInt16LE(offset + 8);
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const headerOffset = bytes.readUInt32LE(offset + 42);
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (flags & ENCRYPTED_FLAG) throw new ZipFormatError(`encrypted entry ${name}`);
    if (method !== STORED && method !== DEFLATED) throw new ZipFormatError(`compression method ${method}`);
    const sizes = { uncompressed: bytes.readUInt32LE(offset + 24), compressed: compressedSize, headerOffset };
    // Some writers store the sizes in a zip64 extra field even for small files.
    if (sizes.uncompressed === ZIP64_MARK || sizes.compressed === ZIP64_MARK || sizes.headerOffset === ZIP64_MARK) {
      readZip64Sizes(bytes.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength), sizes, name);
    }
    entries.set(name, { name, method, compressedSize: sizes.compressed, headerOffset: sizes.headerOffset });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** What the parts of one file may inflate to together: every part read draws on it. */
export interface InflateBudget {
  left: number;
}

/**
 * The entry's text as a stream, inflated chunk by chunk; fails with ZipEntryTooLarge once the parts read so far pass
 * the budget (a "zip bomb" stops there, whichever part carries it). Chunks are decoded here, as strings: exceljs
 * decodes each Buffer chunk on its own, which breaks a character whose UTF-8 bytes straddle two chunks.
 */
export function entryStream(bytes: Buffer, entry: ZipEntry, budget: InflateBudget): Readable {
  const header = entry.headerOffset;
  if (header + 30 > bytes.length || bytes.readUInt32LE(header) !== LOCAL_FILE_HEADER) throw new ZipFormatError(`bad local header of ${entry.name}`);
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipFormatError(`${entry.name} runs past the end`);
  const compressed = Readable.from([bytes.subarray(start, end)], { objectMode: false });
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      budget.left -= chunk.length;
      if (budget.left < 0) callback(new ZipEntryTooLarge(entry.name));
      else callback(null, chunk);
    },
  });
  const inflated = entry.method === DEFLATED ? compressed.pipe(createInflateRaw()) : compressed;
  inflated.on('error', (error) => limit.destroy(error));
  return inflated.pipe(limit).setEncoding('utf8');
}
