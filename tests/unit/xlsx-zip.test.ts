import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { entryStream, zipEntries, ZipEntryTooLarge, ZipFormatError } from '../../server/excel/zip';

interface Part {
  name: string;
  content: Buffer;
  method?: 0 | 8;
  flags?: number;
  /** Sizes and offset in a zip64 extra field of the central directory, as some writers store them. */
  zip64?: boolean;
}

/** A zip archive as the format describes it: local headers and data, then the central directory and its end record. */
function zipOf(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, method = 8, flags = 0, zip64 = false } of parts) {
    const data = method === 8 ? deflateRawSync(content) : content;
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(zip64 ? 0xffffffff : data.length, 20);
    central.writeUInt32LE(zip64 ? 0xffffffff : content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(zip64 ? 0xffffffff : offset, 42);
    // A field of another kind first, then the zip64 one: uncompressed size, compressed size, header offset.
    const extra = zip64 ? Buffer.alloc(4 + 2 + 4 + 24) : Buffer.alloc(0);
    if (zip64) {
      extra.writeUInt16LE(0x5455, 0);
      extra.writeUInt16LE(2, 2);
      extra.writeUInt16LE(0x0001, 6);
      extra.writeUInt16LE(24, 8);
      extra.writeBigUInt64LE(BigInt(content.length), 10);
      extra.writeBigUInt64LE(BigInt(data.length), 18);
      extra.writeBigUInt64LE(BigInt(offset), 26);
    }
    central.writeUInt16LE(extra.length, 30);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes, extra);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk as string;
  return text;
}

describe('zip entries of an archive in memory', () => {
  it('finds every entry by name, deflated or stored, in any order', async () => {
    const bytes = zipOf([
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.from('<sheet/>') },
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>'), method: 0 },
    ]);
    const entries = zipEntries(bytes);
    expect([...entries.keys()]).toEqual(['xl/worksheets/sheet1.xml', 'xl/workbook.xml']);
    expect(await textOf(entryStream(bytes, entries.get('xl/workbook.xml')!, { left: 1024 }))).toBe('<workbook/>');
    expect(await textOf(entryStream(bytes, entries.get('xl/worksheets/sheet1.xml')!, { left: 1024 }))).toBe('<sheet/>');
  });

  it('reads sizes and offsets kept in a zip64 extra field', async () => {
    const bytes = zipOf([
      { name: 'xl/styles.xml', content: Buffer.from('<styles/>') },
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>'), zip64: true },
    ]);
    const entries = zipEntries(bytes);
    expect(await textOf(entryStream(bytes, entries.get('xl/workbook.xml')!, { left: 1024 }))).toBe('<workbook/>');
    expect(await textOf(entryStream(bytes, entries.get('xl/styles.xml')!, { left: 1024 }))).toBe('<styles/>');
  });

  it('keeps a character whose UTF-8 bytes straddle two inflated chunks whole', async () => {
    // 100 000 three-byte characters inflate to many 16 KiB chunks; 16 384 is not a multiple of 3.
    const content = '中'.repeat(100_000);
    const bytes = zipOf([{ name: 'a.xml', content: Buffer.from(content) }]);
    const text = await textOf(entryStream(bytes, zipEntries(bytes).get('a.xml')!, { left: 1024 * 1024 }));
    expect(text.length).toBe(100_000);
    expect(text).toBe(content);
  });

  it('stops an entry that inflates past its limit', async () => {
    const bytes = zipOf([{ name: 'bomb.xml', content: Buffer.alloc(2 * 1024 * 1024, 0x41) }]);
    expect(bytes.length).toBeLessThan(10 * 1024);
    await expect(textOf(entryStream(bytes, zipEntries(bytes).get('bomb.xml')!, { left: 1024 * 1024 }))).rejects.toBeInstanceOf(ZipEntryTooLarge);
  });

  it('refuses what is not a zip archive, or one an xlsx never is', () => {
    expect(() => zipEntries(Buffer.from('not a zip at all, just some text that is long enough'))).toThrow(ZipFormatError);
    expect(() => zipEntries(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toThrow(ZipFormatError);
    expect(() => zipEntries(zipOf([{ name: 'secret.xml', content: Buffer.from('x'), flags: 1 }]))).toThrow(/encrypted/);
    const truncated = zipOf([{ name: 'a.xml', content: Buffer.from('<a/>') }]);
    // The central directory points past the data that is there.
    truncated.writeUInt32LE(truncated.length, truncated.length - 6);
    expect(() => zipEntries(truncated)).toThrow(ZipFormatError);
  });
});
