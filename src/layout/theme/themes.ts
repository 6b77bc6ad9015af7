import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { AliasToken, PresetColorKey } from 'antd/es/theme/interface';

/** The 11 themes of spec §2, in the order the picker lists them; the class on <body> is `theme-<name>`. */
export const THEME_NAMES = ['default', 'white', 'dark', 'star', 'bule', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/**
 * Sidebar colours of a theme. The sidebar is an antd dark Menu, so these become antd component tokens; the header,
 * brand and page background come from CSS variables under the `theme-<name>` class in styles.css.
 */
interface SiderPalette {
  background: string;
  text: string;
  /** Hovered and selected item text; `undefined` means the primary colour picked by the user. */
  activeText?: string;
  /** Selected item background; `undefined` means the primary colour. */
  selectedBackground?: string;
  subMenuBackground: string;
}

const SIDER_PALETTES: Record<ThemeName, SiderPalette> = {
  default: { background: '#20222a', text: 'rgba(255,255,255,0.7)', activeText: '#fff', subMenuBackground: '#1a1c23' },
  white: {
    background: '#ffffff',
    text: '#303133',
    activeText: '#fff',
    subMenuBackground: '#fafafa',
  },
  dark: {
    background: '#191a23',
    text: 'rgba(255,255,255,0.65)',
    activeText: '#fff',
    selectedBackground: '#2f3140',
    subMenuBackground: '#15161d',
  },
  star: {
    background: 'linear-gradient(180deg, #1b1c4b 0%, #3a2b6b 100%)',
    text: 'rgba(255,255,255,0.75)',
    activeText: '#fff',
    selectedBackground: 'rgba(255,255,255,0.18)',
    subMenuBackground: 'rgba(0,0,0,0.15)',
  },
  bule: {
    background: '#0e4c91',
    text: 'rgba(255,255,255,0.8)',
    activeText: '#fff',
    selectedBackground: '#1e6fd9',
    subMenuBackground: '#0b3f79',
  },
  iview: { background: '#1c2438', text: 'rgba(255,255,255,0.7)', activeText: '#fff', subMenuBackground: '#151b2b' },
  vip: {
    background: '#1d1d1d',
    text: 'rgba(229,184,91,0.75)',
    activeText: '#1d1d1d',
    selectedBackground: '#e5b85b',
    subMenuBackground: '#141414',
  },
  cool: {
    background: 'linear-gradient(180deg, #134e5e 0%, #3d8f6e 100%)',
    text: 'rgba(255,255,255,0.8)',
    activeText: '#fff',
    selectedBackground: 'rgba(255,255,255,0.2)',
    subMenuBackground: 'rgba(0,0,0,0.12)',
  },
  d2: { background: '#ebf1f6', text: '#2f3542', subMenuBackground: '#e1e9f0', selectedBackground: '#d5e3f0' },
  hey: { background: '#ffffff', text: '#515a6e', subMenuBackground: '#f8f8f9', selectedBackground: '#f0f6ff' },
  lte: {
    background: '#222d32',
    text: '#b8c7ce',
    activeText: '#fff',
    selectedBackground: '#1e282c',
    subMenuBackground: '#2c3b41',
  },
};

/**
 * The header of each theme: its colour as the picker's thumbnail shows it (the page itself takes it from styles.css),
 * and, on a dark header, the colour of the top menu's selected entry. `undefined` means the primary colour, which
 * reads on a light header but not on a dark one (the readable shade of #409EFF is 3.4:1 on the dark theme's #191a23).
 */
const HEADER_PALETTES: Record<ThemeName, { background: string; selectedText?: string; selectedContrast?: number }> = {
  default: { background: '#ffffff' },
  white: { background: '#ffffff' },
  dark: { background: '#191a23', selectedText: '#ffffff' },
  star: { background: '#2d2e6b', selectedText: '#ffffff' },
  bule: { background: '#1e6fd9', selectedText: '#ffffff' },
  iview: { background: '#ffffff' },
  vip: { background: '#1d1d1d', selectedText: '#e5b85b' },
  cool: { background: 'linear-gradient(90deg, #134e5e 0%, #71b280 100%)', selectedText: '#ffffff' },
  // A tinted light header: the primary colour's shade that reads on white at 5:1 is 4.4:1 on it.
  d2: { background: '#ebf1f6', selectedContrast: 5.25 },
  hey: { background: '#ffffff' },
  // AdminLTE's blue (#3c8dbc) carries white text at 3.7:1 only: its shade that reaches AA.
  lte: { background: '#347ba4', selectedText: '#ffffff' },
};

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

/** `theme-hey` → `hey`; unknown names fall back to the configured default. */
export function themeNameOf(className: string, fallback: ThemeName): ThemeName {
  const name = className.replace(/^theme-/, '');
  return isThemeName(name) ? name : fallback;
}

export function themeClassOf(name: ThemeName): string {
  return `theme-${name}`;
}

/**
 * antd's font stack with the common Chinese system fonts named before the generic family. A Chinese character then
 * finds its font in the stack instead of by the system's per-character fallback search: the first layout of a page
 * full of Chinese text took half the time (23 → 13 ms, median of 8 fresh pages). Latin text keeps antd's fonts.
 */
export const FONT_FAMILY = [
  '-apple-system', 'BlinkMacSystemFont', "'Segoe UI'", 'Roboto', "'Helvetica Neue'", 'Arial', "'Noto Sans'",
  "'PingFang SC'", "'Hiragino Sans GB'", "'Microsoft YaHei'", "'Noto Sans CJK SC'", "'Source Han Sans SC'",
  "'WenQuanYi Micro Hei'", 'sans-serif', "'Apple Color Emoji'", "'Segoe UI Emoji'", "'Segoe UI Symbol'",
  "'Noto Color Emoji'",
].join(', ');

/** The contrast WCAG 2.2 AA asks of text (1.4.3): 4.5:1. */
export const TEXT_CONTRAST = 4.5;
/**
 * What coloured text is drawn to against white: a little above AA, so it also reads on the faint tints antd lays under
 * it (a selected menu entry, a hovered or selected row, a tag's own light background).
 */
const COLOURED_TEXT_CONTRAST = 5;
/**
 * A hovered control's shade: a little lighter than the resting one, yet still 4.5:1 on antd's hovered table row
 * (#fafafa), where a row action is hovered (4.5:1 on white alone fell to 4.3:1 there).
 */
const HOVER_CONTRAST = 4.75;
/** A pressed control's shade: a step darker than the resting one. */
const PRESSED_CONTRAST = 6;

function channelsOf(hex: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG relative luminance of an sRGB colour given as 0–255 channels. */
function luminanceOf([red, green, blue]: [number, number, number]): number {
  const linear = (channel: number) => {
    const unit = channel / 255;
    return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [first, second].map((hex) => luminanceOf(channelsOf(hex) ?? [0, 0, 0])).sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * `color` deepened just enough to read as text on white at `ratio` (and to carry white text at the same ratio, on a
 * primary button). It is darkened towards black in its own proportions, which keeps its hue and tone: antd's light
 * defaults (#409EFF at 2.8:1, the error red at 3.3:1) become a calmer shade of themselves, not a harsher colour. A
 * colour that already reads stays as it is.
 */
export function readableShade(color: string, ratio = COLOURED_TEXT_CONTRAST): string {
  const channels = channelsOf(color);
  if (!channels) return color;
  for (let scale = 100; scale > 0; scale -= 1) {
    const shaded = channels.map((channel) => Math.round((channel * scale) / 100)) as [number, number, number];
    const hex = `#${shaded.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(hex, '#ffffff') >= ratio) return scale === 100 ? color : hex;
  }
  return '#000000';
}

/**
 * Text greys that reach 4.5:1 on white and on antd's #fafafa table headers: antd's defaults (45% black for
 * descriptions and labels, 25% for placeholders) read at 3.4:1 and 1.9:1.
 */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.58)';
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.55)';
/**
 * A table's text in place of rows (a form's empty link table, `locale.emptyText`): antd draws it in the disabled grey
 * (#bfbfbf, 1.8:1 on white), though it is information, not a disabled control. The secondary grey, as a solid colour.
 */
const TABLE_PLACEHOLDER_TEXT = '#6b6b6b';

/** antd's preset colours, whose tags write text in their 7th tone. */
const PRESET_COLOURS: readonly PresetColorKey[] = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'];

/** The colour roles whose solid tone is also text: links and row actions, danger actions, status tags, alerts. */
const TEXT_COLOUR_ROLES = ['Primary', 'Success', 'Error', 'Warning', 'Info'] as const;

/**
 * The readable tokens of each colour role. antd derives a role's whole palette from its solid colour, so deepening the
 * seed would also muddy its light tints (tag and selected-row backgrounds turned grey-green); instead the palette is
 * derived from the colour as picked and only the tones drawn as text or under white text are replaced by their
 * readable shades, the tints and borders staying antd's own.
 */
function readableRoleTokens(pickedColor: string): Partial<AliasToken> {
  const derived = antdTheme.getDesignToken({ token: { colorPrimary: pickedColor } });
  const tokens: Record<string, string> = {};
  for (const role of TEXT_COLOUR_ROLES) {
    // Hover a little lighter and press a little darker than the resting shade, all in the colour's own hue (antd's
    // hover tint, deepened, would turn grey).
    const base = String(derived[`color${role}`]);
    tokens[`color${role}`] = readableShade(base);
    tokens[`color${role}Hover`] = readableShade(base, HOVER_CONTRAST);
    tokens[`color${role}Active`] = readableShade(base, PRESSED_CONTRAST);
    // The deepened colour is a seed too: without these, antd would derive the tints from it.
    for (const tint of ['Bg', 'BgHover', 'Border', 'BorderHover']) tokens[`color${role}${tint}`] = String(derived[`color${role}${tint}` as keyof AliasToken]);
    for (const text of ['Text', 'TextHover', 'TextActive']) tokens[`color${role}${text}`] = readableShade(String(derived[`color${role}${text}` as keyof AliasToken]));
  }
  // A preset-coloured tag (`<Tag color="green">`) writes its colour's 7th tone on its 1st, which reads at 3–4:1.
  for (const preset of PRESET_COLOURS) tokens[`${preset}7`] = readableShade(String(derived[`${preset}7` as keyof AliasToken]));
  return {
    ...tokens,
    colorLink: tokens.colorPrimary,
    colorLinkHover: tokens.colorPrimaryHover,
    colorLinkActive: tokens.colorPrimaryActive,
  };
}

/**
 * antd theme for a theme name and the picked primary colour (spec §1: the colour is antd's colorPrimary, drawn in its
 * readable shade where it is too light to read as text or under white text).
 */
export function antdThemeOf(name: ThemeName, pickedColor: string): ThemeConfig {
  const sider = SIDER_PALETTES[name];
  const roles = readableRoleTokens(pickedColor);
  const primaryColor = roles.colorPrimary ?? pickedColor;
  const activeText = sider.activeText ?? primaryColor;
  return {
    token: {
      ...roles,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      borderRadius: 4,
      fontFamily: FONT_FAMILY,
    },
    components: {
      Layout: { siderBg: sider.background },
      Table: { colorTextDisabled: TABLE_PLACEHOLDER_TEXT },
      Menu: {
        // The top menu (the one horizontal menu) on the theme's header.
        horizontalItemSelectedColor: HEADER_PALETTES[name].selectedText ?? readableShade(primaryColor, HEADER_PALETTES[name].selectedContrast ?? COLOURED_TEXT_CONTRAST),
        darkItemBg: 'transparent',
        darkSubMenuItemBg: sider.subMenuBackground,
        darkItemColor: sider.text,
        darkItemHoverColor: activeText,
        darkItemSelectedColor: activeText,
        darkItemSelectedBg: sider.selectedBackground ?? primaryColor,
        darkPopupBg: sider.subMenuBackground,
      },
    },
  };
}

/** Swatches of the colour picker: the spec default first, then Saber's palette. */
export const PRIMARY_COLORS = [
  '#409EFF',
  '#1890FF',
  '#304156',
  '#212121',
  '#11A983',
  '#13C2C2',
  '#6959CD',
  '#F5222D',
  '#FA8C16',
  '#E6A23C',
] as const;

export function themePreviewOf(name: ThemeName): { sider: string; header: string } {
  return { sider: SIDER_PALETTES[name].background, header: HEADER_PALETTES[name].background };
}
