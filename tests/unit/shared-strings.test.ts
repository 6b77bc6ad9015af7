import { describe, expect, it } from 'vitest';
import { BladeError } from '../../server/blade/errors';
import { readSharedStringTable, sharedItemText } from '../../server/excel/sharedStrings';

const LIMITS = { maxSharedStrings: 1000, maxSharedTextLength: 100_000 };
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

async function* chunksOf(xml: string, size: number) {
  for (let index = 0; index < xml.length; index += size) yield xml.slice(index, index + size);
}
const read = (xml: string, size = xml.length, limits = LIMITS) => readSharedStringTable(chunksOf(xml, size), limits);
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(BladeError);
  return (error as BladeError).message;
};

/** The shared-string table as the sheet reader needs it: plain strings, in order, within the limits. */
describe('the shared-string table', () => {
  const items = [
    '<si><t>用例标题</t></si>',
    '<si><t xml:space="preserve"> 前后空格 </t></si>',
    '<si><r><rPr><b/><sz val="11"/></rPr><t>加粗</t></r><r><t>普通</t></r></si>',
    '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>',
    '<si><t>a &lt; b &amp;&amp; c &gt; &quot;d&quot; &apos;e&apos; &#20013;&#x6587;</t></si>',
    '<si><t>第一行_x000D_\n第二行</t></si>',
    '<si><t/></si>',
    '<si/>',
    '<x:si><x:t>前缀</x:t></x:si>',
  ];
  const expected = ['用例标题', ' 前后空格 ', '加粗普通', '東京', 'a < b && c > "d" \'e\' 中文', '第一行\r\n第二行', '', '', '前缀'];
  const xml = `${HEAD}${items.join('')}</sst>`;

  it('reads plain and rich text, leaves phonetic hints out and decodes entities and Excel escapes', async () => {
    expect(await read(xml)).toEqual(expected);
  });

  it('reads the same table whatever the chunks cut through', async () => {
    for (const size of [1, 2, 3, 7, 16, 61]) expect(await read(xml, size), `chunks of ${size}`).toEqual(expected);
  });

  it('refuses a table past the number of strings, at once when its head declares it', async () => {
    const many = (count: number, declared?: number) =>
      `${HEAD.replace('<sst ', `<sst ${declared === undefined ? '' : `uniqueCount="${declared}" `}`)}${'<si><t>x</t></si>'.repeat(count)}</sst>`;
    expect(await read(many(1000), 64)).toHaveLength(1000);
    expect(await refusal(read(many(1001), 64))).toBe('文件中的文本超过1000条，请分批导入');
    // Declared: refused before a single string is read, even from a file cut short after the head.
    expect(await refusal(read(many(3, 2_000_000), 64))).toBe('文件中的文本超过1000条，请分批导入');
  });

  it('refuses a table past the total text length, and one item too long to be a cell', async () => {
    const long = `${HEAD}${'<si><t>0123456789</t></si>'.repeat(20)}</sst>`;
    expect(await refusal(read(long, 50, { maxSharedStrings: 1000, maxSharedTextLength: 150 }))).toBe('文件中的文本超过150个字符，请分批导入');
    const endless = `${HEAD}<si><t>${'x'.repeat(2 * 1024 * 1024)}`;
    expect(await refusal(read(endless, 16384))).toMatch(/^文件中的文本超过/);
  });

  it('reads one item on its own', () => {
    expect(sharedItemText('<r><t>a</t></r><r><rPr><i/></rPr><t>b</t></r>')).toBe('ab');
  });
});
