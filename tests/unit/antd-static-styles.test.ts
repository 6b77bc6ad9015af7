import { describe, expect, it } from 'vitest';
import { antdStylesheet } from '../../build/antdStaticStyles';
import { antdThemeOf } from '../../src/layout/theme/themes';

describe('the prebuilt antd stylesheet', () => {
  const theme = antdThemeOf('hey', '#409eff');
  const css = antdStylesheet(theme, ['Layout', 'Form', 'Table', 'Pagination', 'Modal', 'message']);

  it("holds the styles of parts that only render inside their parent: the layout's sider, a form item's fallback", () => {
    expect(css).toContain('.ant-layout-sider{');
    expect(css).toMatch(/-ms-high-contrast[^{]*\{[^{]*\.ant-form-item-control\{/);
  });

  it('holds the named components only: the others are styled at run time when first shown', () => {
    expect(css).toContain('.ant-table-wrapper');
    expect(css).toContain('.ant-pagination-item');
    // Overlays are drawn from their inline panels.
    expect(css).toContain('.ant-modal-content');
    expect(css).toContain('.ant-message-notice');
    expect(css).not.toContain('.ant-picker');
    expect(css).not.toContain('.ant-upload');
    expect(css).not.toContain('.ant-steps');
  });

  it('refuses a name antd does not export, which would otherwise leave that component out unnoticed', () => {
    expect(() => antdStylesheet(theme, ['Table', 'Tabel'])).toThrow('antd exports no Tabel');
  });

  it("ends with antd's record of the styles it holds, which lets the browser skip generating them", () => {
    expect(css).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]+";\}$/);
  });
}, 30_000);
