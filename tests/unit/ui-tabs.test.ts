import { describe, expect, it } from 'vitest';
import { homeTab, type Tab } from '../../providers/session';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  isClosable,
  openTab,
  restoreTabs,
  type TabsOptions,
} from '../../src/layout/tabs/tabsModel';

const tab = (value: string, label = value): Tab => ({ label, value, params: {}, query: {}, meta: {}, group: [] });
const fixedHome: TabsOptions = { home: homeTab, isFirstPage: false };
const closableHome: TabsOptions = { home: homeTab, isFirstPage: true };
const values = (tabs: readonly Tab[]) => tabs.map((open) => open.value);

describe('tabs (spec §2/§4)', () => {
  it('opens one tab per full path and refreshes a tab opened again', () => {
    let tabs = openTab([homeTab], tab('/system/param'));
    tabs = openTab(tabs, tab('/system/param?id=1'));
    tabs = openTab(tabs, tab('/system/param', 'renamed'));
    expect(values(tabs)).toEqual(['/wel/index', '/system/param', '/system/param?id=1']);
    expect(tabs[1].label).toBe('renamed');
  });

  it('keeps home fixed when the first-page option is off, closable when on; the last tab stays', () => {
    const tabs = [homeTab, tab('/a')];
    expect(isClosable(homeTab, tabs, fixedHome)).toBe(false);
    expect(isClosable(tabs[1], tabs, fixedHome)).toBe(true);
    expect(isClosable(homeTab, tabs, closableHome)).toBe(true);
    expect(isClosable(homeTab, [homeTab], closableHome)).toBe(false);
    expect(closeTab(tabs, homeTab.value, '/a', fixedHome).tabs).toEqual(tabs);
    expect(values(closeTab([homeTab], homeTab.value, homeTab.value, closableHome).tabs)).toEqual(['/wel/index']);
  });

  it('closing the active tab opens its predecessor, or the first tab', () => {
    const tabs = [homeTab, tab('/a'), tab('/b'), tab('/c')];
    expect(closeTab(tabs, '/b', '/b', fixedHome)).toEqual({ tabs: [homeTab, tabs[1], tabs[3]], active: '/a' });
    expect(closeTab(tabs, '/b', '/c', fixedHome).active).toBe('/c');
    const homeFirst = closeTab([homeTab, tab('/a')], homeTab.value, homeTab.value, closableHome);
    expect(homeFirst).toEqual({ tabs: [tab('/a')], active: '/a' });
  });

  it('closes the others (keeping home) and closes all back to home', () => {
    const tabs = [homeTab, tab('/a'), tab('/b')];
    expect(closeOtherTabs(tabs, '/b', fixedHome)).toEqual({ tabs: [homeTab, tabs[2]], active: '/b' });
    expect(closeAllTabs(fixedHome)).toEqual({ tabs: [homeTab], active: '/wel/index' });
  });

  it('restores stored tabs with home first, dropping duplicates and unreadable entries', () => {
    const stored = [tab('/a'), homeTab, tab('/a'), { nonsense: true }, tab('/b')];
    expect(values(restoreTabs(stored, fixedHome))).toEqual(['/wel/index', '/a', '/b']);
    expect(values(restoreTabs('broken', fixedHome))).toEqual(['/wel/index']);
    expect(values(restoreTabs(undefined, fixedHome))).toEqual(['/wel/index']);
  });
});
