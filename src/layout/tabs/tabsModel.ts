import type { Tab } from '../../../providers/session';

/**
 * The tab bar's rules (spec §2/§4), as pure functions over the list of open tabs. A tab is keyed by its `value`, the
 * page's full path (path and query); the home tab is always first.
 */
export interface TabsOptions {
  home: Tab;
  /** Saber's `isFirstPage`: when false the home tab cannot be closed. */
  isFirstPage: boolean;
}

export function isClosable(tab: Tab, tabs: readonly Tab[], options: TabsOptions): boolean {
  if (tabs.length <= 1) return false;
  return tab.value !== options.home.value || options.isFirstPage;
}

/** Stored tabs as the bar starts with them: home first, no duplicates, anything unreadable dropped. */
export function restoreTabs(stored: unknown, options: TabsOptions): Tab[] {
  const readable = Array.isArray(stored)
    ? stored.filter((tab): tab is Tab => typeof tab?.value === 'string' && typeof tab?.label === 'string')
    : [];
  const others = readable.filter((tab) => tab.value !== options.home.value);
  const unique = others.filter((tab, index) => others.findIndex((other) => other.value === tab.value) === index);
  return [options.home, ...unique];
}

/** Opens `tab`, or refreshes the open tab with the same key (its label may have been translated meanwhile). */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  // One tab per screen: a record opened over a list (`/x/1/edit`) takes the list's tab along.
  const screenOf = (candidate: Tab) => candidate.screen ?? candidate.value;
  const index = tabs.findIndex((open) => screenOf(open) === screenOf(tab));
  if (index === -1) return [...tabs, tab];
  return tabs.map((open, position) => (position === index ? tab : open));
}

export interface TabsAfterClose {
  tabs: Tab[];
  /** The tab to show now: the closed tab's predecessor (or the first) when the active one closed, else `active`. */
  active: string;
}

export function closeTab(tabs: readonly Tab[], value: string, active: string, options: TabsOptions): TabsAfterClose {
  const index = tabs.findIndex((tab) => tab.value === value);
  if (index === -1 || !isClosable(tabs[index], tabs, options)) return { tabs: [...tabs], active };
  const remaining = tabs.filter((tab) => tab.value !== value);
  if (value !== active) return { tabs: remaining, active };
  return { tabs: remaining, active: (remaining[index - 1] ?? remaining[0]).value };
}

/** Keeps the home tab and `value`. */
export function closeOtherTabs(tabs: readonly Tab[], value: string, options: TabsOptions): TabsAfterClose {
  const kept = tabs.filter((tab) => tab.value === options.home.value || tab.value === value);
  return { tabs: kept.length > 0 ? kept : [options.home], active: value };
}

/** Back to the home tab alone. */
export function closeAllTabs(options: TabsOptions): TabsAfterClose {
  return { tabs: [options.home], active: options.home.value };
}
