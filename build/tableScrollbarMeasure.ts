import type { Plugin } from 'vite';

/** rc-table's table component, as antd's Table imports it. */
export const RC_TABLE_MODULE = /[\\/]node_modules[\\/]rc-table[\\/]es[\\/]Table\.js$/;

/** How rc-table's Table.js imports the measuring function. */
const MEASURE_IMPORT = 'import { getTargetScrollBarSize } from "rc-util/es/getScrollBarSize";';

/**
 * The measuring function under its own name, called only for a fixed-header table's body (`<prefix>-body`, the one
 * element whose scrollbar width the table uses: the header's last column leaves room for it). Any other table gets 0,
 * which it never reads.
 */
const MEASURE_FIXED_HEADER_ONLY = [
  'import { getTargetScrollBarSize as measureTargetScrollBarSize } from "rc-util/es/getScrollBarSize";',
  'var getTargetScrollBarSize = function (target) {',
  '  var fixedHeaderBody = target instanceof Element && String(target.className).split(" ").some(function (name) { return name.slice(-5) === "-body"; });',
  '  return fixedHeaderBody ? measureTargetScrollBarSize(target) : { width: 0, height: 0 };',
  '};',
].join('\n');

/**
 * rc-table measures the scrollbar of every table as it mounts, in a layout effect: it reads computed styles, adds and
 * removes a style element and a measuring div, and reads its width, so the whole page's styles are computed and laid
 * out mid-commit and computed again at the paint. Only a table with a fixed header (`scroll.y`, `sticky`) uses the
 * figure; this build measures for those alone. A changed import fails the build, so an upgrade is noticed.
 */
export function tableScrollbarMeasure(): Plugin {
  return {
    name: 'table-scrollbar-measure',
    apply: 'build',
    transform(code, id) {
      if (!RC_TABLE_MODULE.test(id)) return undefined;
      if (!code.includes(MEASURE_IMPORT)) this.error(`table-scrollbar-measure: ${id} no longer imports getTargetScrollBarSize as expected`);
      return { code: code.replace(MEASURE_IMPORT, MEASURE_FIXED_HEADER_ONLY), map: null };
    },
  };
}
