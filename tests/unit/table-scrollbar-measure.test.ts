import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { RC_TABLE_MODULE, tableScrollbarMeasure } from '../../build/tableScrollbarMeasure';

const IMPORT = 'import { getTargetScrollBarSize } from "rc-util/es/getScrollBarSize";';
const TABLE_ID = '/app/node_modules/rc-table/es/Table.js';

/** The plugin's transform, run as the bundler runs it: `this.error` throws. */
function transform(code: string, id: string) {
  const hook = tableScrollbarMeasure().transform as (this: unknown, code: string, id: string) => { code: string } | undefined;
  return hook.call({ error: (message: string) => { throw new Error(message); } }, code, id);
}

/** The transformed module's getTargetScrollBarSize, with the real measuring function replaced by a recording one. */
function measuringFunctionOf(code: string) {
  const measured: Element[] = [];
  const body = code.replace(/^import \{ getTargetScrollBarSize as (\w+) \} from "rc-util\/es\/getScrollBarSize";/m, 'var $1 = measure;');
  const create = new Function('measure', `${body}\nreturn getTargetScrollBarSize;`);
  const measure = (target: Element) => (measured.push(target), { width: 15, height: 15 });
  return { getTargetScrollBarSize: create(measure) as (target: unknown) => { width: number; height: number }, measured };
}

function element(className: string) {
  const div = document.createElement('div');
  div.className = className;
  return div;
}

describe('table scrollbar measuring', () => {
  it('measures a fixed-header body and nothing else', () => {
    const result = transform(`${IMPORT}\n`, TABLE_ID);
    const { getTargetScrollBarSize, measured } = measuringFunctionOf(result!.code);
    const fixedHeaderBody = element('ant-table-body');
    expect(getTargetScrollBarSize(fixedHeaderBody)).toEqual({ width: 15, height: 15 });
    expect(getTargetScrollBarSize(element('ant-table-content'))).toEqual({ width: 0, height: 0 });
    expect(getTargetScrollBarSize(element('ant-table-container'))).toEqual({ width: 0, height: 0 });
    expect(getTargetScrollBarSize(undefined)).toEqual({ width: 0, height: 0 });
    expect(measured).toEqual([fixedHeaderBody]);
  });

  it('leaves other modules alone and fails the build when rc-table imports the function otherwise', () => {
    expect(transform(IMPORT, '/app/node_modules/@rc-component/portal/es/useScrollLocker.js')).toBeUndefined();
    expect(() => transform('import getScrollBarSize from "rc-util/es/getScrollBarSize";', TABLE_ID)).toThrow(/no longer imports/);
  });

  it('matches the installed rc-table', () => {
    const require = createRequire(import.meta.url);
    const antdTable = require.resolve('antd/es/table/InternalTable.js');
    const file = createRequire(antdTable).resolve('rc-table/es/Table.js');
    expect(RC_TABLE_MODULE.test(file), file).toBe(true);
    const code = readFileSync(file, 'utf8');
    expect(code).toContain(IMPORT);
    expect(code).toContain('getTargetScrollBarSize(scrollBodyRef.current)');
    expect(code).toContain('className: classNames("".concat(prefixCls, "-body"))');
  });
});
