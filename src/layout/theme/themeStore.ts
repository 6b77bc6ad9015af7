import { useSyncExternalStore } from 'react';
import { siteConfig } from '../../../providers/config';
import { getStore, setStore } from '../../../providers/storage';
import { isThemeName, readableShade, themeClassOf, themeNameOf, type ThemeName } from './themes';

/** Storage records of the picked theme and colour (Saber's names). */
export const THEME_STORE_KEY = 'themeName';
export const COLOR_STORE_KEY = 'colorName';

export interface ThemeSettings {
  themeName: ThemeName;
  colorName: string;
}

const DEFAULT_THEME = themeNameOf(siteConfig.defaultTheme, 'hey');
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function storedSettings(): ThemeSettings {
  const storedTheme = getStore<string>({ name: THEME_STORE_KEY });
  const storedColor = getStore<string>({ name: COLOR_STORE_KEY });
  return {
    themeName: isThemeName(storedTheme) ? storedTheme : DEFAULT_THEME,
    colorName: storedColor && HEX_COLOR.test(storedColor) ? storedColor : siteConfig.defaultColor,
  };
}

let settings = storedSettings();
const listeners = new Set<() => void>();

/**
 * Exactly one `theme-*` class on <body>, so page-level CSS (header, brand, background) follows the theme; the picked
 * colour, in its readable shade (as antd draws it), is exposed to that CSS as `--app-primary`.
 */
function applyToBody({ themeName, colorName }: ThemeSettings): void {
  const { classList, style } = document.body;
  for (const className of Array.from(classList)) {
    if (className.startsWith('theme-')) classList.remove(className);
  }
  classList.add(themeClassOf(themeName));
  style.setProperty('--app-primary', readableShade(colorName));
}

function update(next: ThemeSettings): void {
  settings = next;
  applyToBody(next);
  for (const listener of listeners) listener();
}

export function setThemeName(themeName: ThemeName): void {
  setStore({ name: THEME_STORE_KEY, content: themeName });
  update({ ...settings, themeName });
}

export function setColorName(colorName: string): void {
  setStore({ name: COLOR_STORE_KEY, content: colorName });
  update({ ...settings, colorName });
}

/** Re-reads storage (another tab, or a test that changed it). */
export function reloadThemeSettings(): void {
  update(storedSettings());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeSettings(): ThemeSettings {
  return useSyncExternalStore(subscribe, () => settings);
}

applyToBody(settings);
