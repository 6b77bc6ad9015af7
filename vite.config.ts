import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { antdStaticStyles } from './build/antdStaticStyles';
import { commonJsAsEsm } from './build/commonJsAsEsm';
import { signedInPreload } from './build/signedInPreload';
import { REFINE_DIST, stripKeepNames } from './build/stripKeepNames';
import { forbidStaticImports, isOwnModule, staticClosure } from './build/staticClosure';
import { tableScrollbarMeasure } from './build/tableScrollbarMeasure';
import { ACCESS_TOKEN_COOKIE } from './providers/storage';
import { siteConfig } from './providers/config';
import { antdThemeOf, themeNameOf } from './src/layout/theme/themes';

// In dev the embedded server runs on API_PORT and Vite proxies the Blade paths to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8081}`;

const MARKDOWN_PACKAGES =
  /[\\/]node_modules[\\/](react-markdown|remark-[\w-]+|micromark[\w-]*|mdast-util-[\w-]+|hast-util-[\w-]+|unist-util-[\w-]+|unified|vfile[\w-]*|property-information|decode-named-character-reference|character-entities[\w-]*|space-separated-tokens|comma-separated-tokens|html-url-attributes|devlop|bail|trough|is-plain-obj|trim-lines|style-to-js|style-to-object|inline-style-parser|estree-util-[\w-]+|zwitch|longest-streak|ccount)[\\/]/;

/** The bundle of the signed-in screens; a signed-in visit starts fetching it with the page (build/signedInPreload.ts). */
const SIGNED_IN_GROUP = 'signed-in';

/**
 * What a signed-in visit runs first — Refine, the layout, the home page and the standard list — is the project's code
 * these import statically, with the packages it uses. The rest of the project's code (other screens, the add/edit form,
 * dialogs) and the packages only that code uses (date, number, tree, cascader and upload controls, SM2) are
 * fetched when first used, so a list's cold visit neither downloads nor compiles them.
 */
const signedInCore = staticClosure([
  'src/RefineShell.tsx',
  'src/layout/AppLayout.tsx',
  'src/pages/wel/WelcomePage.tsx',
  'src/components/crud/ResourceCrudPage.tsx',
]);
const LATER_PACKAGES = new RegExp(
  [
    /[\\/]node_modules[\\/](rc-picker|rc-tree-select|rc-cascader|rc-upload|rc-input-number|@rc-component[\\/]mini-decimal|sm-crypto|jsbn)[\\/]/.source,
    /[\\/]node_modules[\\/]antd[\\/]es[\\/](date-picker|tree-select|cascader|upload|input-number)[\\/]/.source,
  ].join('|'),
);
const LATER_GROUP = 'later';

/**
 * The antd components whose styles are prebuilt: what the login page, the layout, the home page and a list with its
 * dialogs render, with the components they draw inside them (a table's pagination, checkboxes and filter tree, a
 * select's empty state). The rest (date, upload, cascader, steps, ...) is styled at run time when first shown, so
 * that every first load does not download and parse their styles: the stylesheet blocks the first paint.
 */
const FIRST_SCREEN_ANTD = [
  'App', 'Layout', 'Menu', 'Breadcrumb', 'Tabs', 'Dropdown', 'Tooltip', 'Popover', 'Popconfirm', 'Badge', 'Avatar',
  'Space', 'Divider', 'Card', 'Typography', 'Tag', 'Alert', 'Result', 'Empty', 'Spin', 'Skeleton', 'List',
  'Descriptions', 'Button', 'Input', 'AutoComplete', 'Select', 'Checkbox', 'Radio', 'Switch', 'Form', 'Row', 'Col',
  'Table', 'Pagination', 'Tree', 'Modal', 'Drawer', 'message', 'notification',
];
/**
 * The BPMN diagram (bpmn-js and the packages only it uses, with the module that draws with it): a chunk of its own,
 * fetched when a diagram is first shown, so neither the first load nor the other screens carry it. The modeler
 * (模型设计) adds a chunk of its own on top: what bpmn-js's Modeler, the Camunda extension and our modeler module need
 * beyond the viewer, so a diagram shown elsewhere does not download the modeling tools.
 */
const BPMN_GROUP = 'bpmn';
const BPMN_MODELER_GROUP = 'bpmn-modeler';
const bpmnViewer = staticClosure(['src/components/flow/paintDiagram.ts'], { throughPackages: true });
const BPMN_MODULES = new RegExp(
  [
    /[\\/]node_modules[\\/](bpmn-js|camunda-bpmn-moddle|diagram-js|diagram-js-direct-editing|bpmn-moddle|moddle|moddle-xml|saxen|min-dash|min-dom|tiny-svg|didi|ids|object-refs|path-intersection|inherits-browser|@bpmn-io[\\/]diagram-js-ui|preact|htm)[\\/]/.source,
    /[\\/]src[\\/]components[\\/]flow[\\/](paintDiagram|modeler[\\/]createModeler)\.ts$/.source,
  ].join('|'),
);
const isLater = (id: string) => (isOwnModule(id) ? !signedInCore.has(id) : LATER_PACKAGES.test(id));

export default defineConfig({
  // gzip and brotli files beside the assets, served as they are by the embedded server (serveStatic precompressed).
  // antd's styles for the default theme and colour, prebuilt (see build/antdStaticStyles.ts).
  plugins: [
    react(),
    commonJsAsEsm(['react', 'classnames']),
    stripKeepNames(REFINE_DIST),
    tableScrollbarMeasure(),
    signedInCore.plugin,
    bpmnViewer.plugin,
    forbidStaticImports(SIGNED_IN_GROUP, LATER_GROUP),
    forbidStaticImports(SIGNED_IN_GROUP, BPMN_GROUP),
    forbidStaticImports(LATER_GROUP, BPMN_GROUP),
    forbidStaticImports(SIGNED_IN_GROUP, BPMN_MODELER_GROUP),
    forbidStaticImports(LATER_GROUP, BPMN_MODELER_GROUP),
    forbidStaticImports(BPMN_GROUP, BPMN_MODELER_GROUP),
    antdStaticStyles(antdThemeOf(themeNameOf(siteConfig.defaultTheme, 'hey'), siteConfig.defaultColor), FIRST_SCREEN_ANTD),
    signedInPreload({ group: SIGNED_IN_GROUP, tokenCookie: ACCESS_TOKEN_COOKIE, loginPath: '/login' }),
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
  ],
  // Every script and style tag Vite writes carries this placeholder; the server swaps in each answer's CSP nonce.
  html: { cspNonce: 'BLADE_CSP_NONCE' },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': apiTarget, '/gateway': apiTarget, '/oss': apiTarget },
  },
  build: {
    outDir: 'dist',
    rollupOptions: {
      output: {
        // One file per bundle instead of a hundred small chunks: what the first load needs (the login page and the
        // app's frame), what a signed-in visit adds, and what is fetched later. Over HTTP/1.1 a cold visit otherwise
        // waits for six connections to fetch small files one by one; and the signed-in bundle as one file rather than
        // sixteen of up to 500 kB showed a list's rows 46 ms sooner (paired cold visits, 21 pairs): in a traced visit
        // the worker threads spent ~380 ms instead of ~860 ms streaming the scripts, CPU the main thread needs.
        // strictExecutionOrder keeps modules running in import order across the merged chunks, and runs a module's
        // code only when something imports it: without it, the whole signed-in file ran at once (117 ms slower).
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 4 },
            { name: BPMN_GROUP, test: (id: string) => BPMN_MODULES.test(id) && bpmnViewer.has(id), priority: 3, includeDependenciesRecursively: false },
            { name: BPMN_MODELER_GROUP, test: BPMN_MODULES, priority: 3, includeDependenciesRecursively: false },
            // Only the modules named: the dependencies they share with the first visit stay in the signed-in bundle.
            { name: LATER_GROUP, test: isLater, priority: 2, includeDependenciesRecursively: false },
            { name: SIGNED_IN_GROUP, priority: 1 },
          ],
        },
      },
      treeshake: {
        // @refinedev/antd imports react-markdown for its MarkdownField, which we never render; the markdown
        // packages do not declare themselves free of side effects, so without this every list page would carry them.
        moduleSideEffects: (id: string) => !MARKDOWN_PACKAGES.test(id),
      },
    },
    chunkSizeWarningLimit: 2000,
  },
});
