import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ThemeConfig } from 'antd';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';

// antd's CommonJS build: its components render on the server, where its ES build's bare imports do not resolve.
const antd = createRequire(import.meta.url)('antd') as Record<string, unknown>;

type AnyComponent = ComponentType<Record<string, unknown>>;
const component = (name: string, part?: string): AnyComponent | undefined => {
  const exported = antd[name] as (AnyComponent & Record<string, unknown>) | undefined;
  return (part ? exported?.[part] : exported) as AnyComponent | undefined;
};

// antd's own inline panels stand for the overlays, which render nothing (or need a document) when closed.
const PANEL = '_InternalPanelDoNotUseOrYouWillBeFired';
const OVERLAYS = ['Modal', 'Drawer', 'Tooltip', 'Popover', 'Popconfirm', 'message', 'notification'];
/** Components that draw nothing without some content. */
const SAMPLE_PROPS: Record<string, Record<string, unknown>> = {
  Dropdown: { menu: { items: [] }, children: createElement('span') },
  Affix: { children: createElement('span') },
  Menu: { items: [] },
  Tree: { treeData: [] },
  QRCode: { value: 'https://example.com' },
};
/**
 * Parts with styles that their top-level component does not draw, and that every signed-in page shows. Rendering
 * every part of every component finds a few more (Form.ErrorList, Cascader.Panel, ...), some 40 kB for screens that
 * seldom show them: those stay generated at run time.
 */
const STYLED_PARTS = ['Layout.Sider', 'Form.Item'];
/** Exports that are not components, or that cannot render outside a page. */
const SKIPPED = new Set(['ConfigProvider', 'Grid', 'Tour', 'theme', 'version', 'unstableSetRender', ...OVERLAYS]);

function sampleElements(components: ReadonlySet<string>): ReactElement[] {
  const names = Object.keys(antd).filter((name) => /^[A-Z]/.test(name) && !SKIPPED.has(name) && components.has(name));
  const elements = names.flatMap((name) => {
    const Component = component(name);
    return typeof Component === 'function' || typeof Component === 'object'
      ? [createElement(Component, { key: name, ...SAMPLE_PROPS[name] })]
      : [];
  });
  // Drawn inside their parent, with content: Form.Item's fallback styles appear only then.
  const parts = STYLED_PARTS.flatMap((path) => {
    const [name, part] = path.split('.');
    if (!components.has(name)) return [];
    const Parent = component(name);
    const Part = component(name, part);
    if (!Parent || !Part) return [];
    const child = createElement(Part, { key: part, label: part }, createElement('span'));
    return [createElement(Parent, { key: path, ...SAMPLE_PROPS[name] }, child)];
  });
  const panels = OVERLAYS.filter((name) => components.has(name)).flatMap((name) => {
    const Panel = component(name, PANEL);
    return Panel ? [createElement(Panel, { key: `${name}-panel` })] : [];
  });
  return [...elements, ...parts, ...panels];
}

/**
 * The styles of the named antd components (exports of antd: `Table`, `message`, ...) for `theme`, as one stylesheet
 * carrying antd's record of the styles it holds. Loaded before the app, it lets antd skip generating those styles in
 * the browser (the cost of each first render of a component type); any other component, theme or colour is still
 * styled at run time as before.
 */
export function antdStylesheet(theme: ThemeConfig, components: readonly string[]): string {
  const unknown = components.filter((name) => !(name in antd));
  if (unknown.length > 0) throw new Error(`antd static styles: antd exports no ${unknown.join(', ')}`);
  const cache = createCache();
  const ConfigProvider = component('ConfigProvider')!;
  for (const element of sampleElements(new Set(components))) {
    try {
      renderToString(createElement(StyleProvider, { cache }, createElement(ConfigProvider, { theme }, element)));
    } catch {
      // A component that cannot render on the server keeps its run-time styles; the others are still extracted.
    }
  }
  return extractStyle(cache, true);
}

/** Build plugin: writes `assets/antd-<hash>.css` and links it from index.html ahead of the app's scripts. */
export function antdStaticStyles(theme: ThemeConfig, components: readonly string[]): Plugin {
  let fileName = '';
  let source = '';
  return {
    name: 'antd-static-styles',
    apply: 'build',
    buildStart() {
      source = antdStylesheet(theme, components);
      fileName = `assets/antd-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.css`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head-prepend' }],
    },
  };
}
