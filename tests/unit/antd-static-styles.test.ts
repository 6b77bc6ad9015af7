import { describe, expect, it } from 'vitest';
import { antdStylesheet } from '../../build/antdStaticStyles';
import { antdThemeOf } from '../../src/layout/theme/themes';

describe('the prebuilt antd stylesheet', () => {
  const css = antdStylesheet(antdThemeOf('hey', '#409eff'));

  it("holds the styles of parts that only render inside their parent: the layout's sider, a form item's fallback", () => {
    expect(css).toContain('.ant-layout-sider{');
    expect(css).toMatch(/-ms-high-contrast[^{]*\{[^{]*\.ant-form-item-control\{/);
  });

  it("ends with antd's record of the styles it holds, which lets the browser skip generating them", () => {
    expect(css).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]+";\}$/);
  });
}, 30_000);
