import { useInvalidate } from '@refinedev/core';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { siteConfig } from '../../../providers/config';
import { http } from '../../../providers/http';
import { homeTab, storeKeys, type Tab } from '../../../providers/session';
import { getStore, setStore } from '../../../providers/storage';
import { screenRouteOf } from '../../../resources/routing';
import { useRegistry } from '../../registry';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { pageTitleOf, titleText } from '../../router/pageTitles';
import { useMenuState } from '../MenuContext';
import { ancestorPathsOf } from '../menuTree';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  isClosable,
  openTab,
  restoreTabs,
  type TabsAfterClose,
  type TabsOptions,
} from './tabsModel';
import './tabs.css';

const tabsOptions: TabsOptions = { home: homeTab, isFirstPage: siteConfig.isFirstPage };

/** Query parameter that asks for the page in a new window instead of a tab (spec §2). */
const NEW_WINDOW_QUERY = 'target';

const CLEAR_CACHE_URL = '/api/blade-auth/oauth/clear-cache';

/**
 * The open pages as closable tabs, kept in the `tagList` record so they survive a reload. Each page the layout shows
 * opens (or selects) its tab; the window title follows the active tab.
 */
export function TabBar({ tracking }: { tracking: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { allMenus, reload } = useMenuState();
  const { schemas } = useRegistry();
  const invalidate = useInvalidate();
  const [tabs, setTabs] = useState<Tab[]>(() =>
    restoreTabs(getStore<Tab[]>({ name: storeKeys.tagList }), tabsOptions),
  );
  const active = pathname + search;
  const lastShown = useRef<string>(siteConfig.homePath);

  const labelOf = useCallback(
    (tab: Tab) => {
      if (tab.value === homeTab.value) return t('layout.home');
      const titleKey = typeof tab.meta.titleKey === 'string' ? tab.meta.titleKey : '';
      return titleKey ? t(titleKey, { defaultValue: tab.label }) : tab.label;
    },
    [t],
  );
  // Route params as a value, so the effect below runs when they change rather than on every render.
  const paramsText = JSON.stringify(useParams());

  useEffect(() => {
    if (!tracking) return;
    const query = new URLSearchParams(search);
    if (query.has(NEW_WINDOW_QUERY)) {
      query.delete(NEW_WINDOW_QUERY);
      const rest = query.toString();
      window.open(pathname + (rest ? `?${rest}` : ''), '_blank', 'noopener');
      void navigate(lastShown.current, { replace: true });
      return;
    }
    lastShown.current = pathname + search;
    const screen = screenRouteOf(pathname, schemas);
    const title = pageTitleOf(screen, allMenus, schemas);
    const tab: Tab = {
      label: titleText(title, t),
      value: pathname + search,
      params: JSON.parse(paramsText) as Record<string, string>,
      query: Object.fromEntries(query),
      meta: { titleKey: title.key },
      group: ancestorPathsOf(allMenus, screen),
      // A page's query string is its state (a picked row, an open form): one tab per page, as per resource screen.
      ...(screen !== pathname || search !== '' || schemas.some((schema) => schema.route === screen) ? { screen } : {}),
    };
    setTabs((open) => openTab(open, tab));
  }, [tracking, pathname, search, paramsText, allMenus, schemas, navigate, t]);

  useEffect(() => {
    setStore({ name: storeKeys.tagList, content: tabs });
  }, [tabs]);

  const activeTab = tabs.find((tab) => tab.value === active);
  useDocumentTitle(activeTab ? labelOf(activeTab) : '');

  const apply = ({ tabs: next, active: nextActive }: TabsAfterClose) => {
    setTabs(next);
    if (nextActive !== active) void navigate(nextActive);
  };

  const clearCache = () =>
    modal.confirm({
      title: t('nav.tip'),
      content: t('nav.clearCacheConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await http.get(CLEAR_CACHE_URL);
        await Promise.all([invalidate({ invalidates: ['all'] }), reload()]);
        void message.success(t('nav.clearCacheDone'));
      },
    });

  const tabMenu: MenuProps = {
    items: [
      { key: 'others', label: t('nav.closeOthers') },
      { key: 'all', label: t('nav.closeAll') },
      { key: 'cache', label: t('nav.clearCache') },
    ],
    onClick: ({ key }) => {
      if (key === 'others') apply(closeOtherTabs(tabs, active, tabsOptions));
      else if (key === 'all') apply(closeAllTabs(tabsOptions));
      else clearCache();
    },
  };

  const shownActive = activeTab ? active : undefined;
  const activeElement = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Scrolled into view in the next frame, whose layout the paint needs anyway: read now, mid-render, it would
    // lay the whole page out once more.
    const frame = requestAnimationFrame(() => activeElement.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [shownActive]);

  // One tab in the page's Tab order (the active one); arrow keys, Home and End move among the others.
  const moveFocus = (from: HTMLElement, key: string) => {
    const strip = from.parentElement!;
    const target = {
      ArrowLeft: from.previousElementSibling,
      ArrowRight: from.nextElementSibling,
      Home: strip.firstElementChild,
      End: strip.lastElementChild,
    }[key];
    if (!(target instanceof HTMLElement)) return false;
    target.focus();
    return true;
  };

  const choose = (value: string) => {
    if (value !== active) void navigate(value);
  };

  // A plain strip rather than antd's Tabs, which measures every tab in a layout effect on each render: on a cold
  // visit that alone forced a layout of the whole page before its first paint.
  return (
    <nav className="app-tabs" aria-label={t('nav.openPages')}>
      <div
        className="app-tabs__bar"
        role="tablist"
        // Tabs beyond the width scroll sideways; a plain mouse wheel moves them too.
        onWheel={(event) => {
          if (event.deltaX === 0) event.currentTarget.scrollLeft += event.deltaY;
        }}
      >
        {tabs.map((tab) => {
          const selected = tab.value === shownActive;
          const closable = isClosable(tab, tabs, tabsOptions);
          const close = () => apply(closeTab(tabs, tab.value, active, tabsOptions));
          return (
            <div
              key={tab.value}
              ref={selected ? activeElement : undefined}
              role="tab"
              tabIndex={selected ? 0 : -1}
              aria-selected={selected}
              className={selected ? 'app-tab app-tab--active' : 'app-tab'}
              onClick={() => choose(tab.value)}
              // Delete closes the focused tab: the keyboard's way to the close mark, which is no button of its own
              // because a tab holds no other control (a screen reader reads the tab as one thing).
              aria-keyshortcuts={closable ? 'Delete' : undefined}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') choose(tab.value);
                else if (event.key === 'Delete' && closable) close();
                else if (!moveFocus(event.currentTarget, event.key)) return;
                event.preventDefault();
              }}
            >
              <span className="app-tab__label">{labelOf(tab)}</span>
              {closable && (
                <span
                  className="app-tab__close"
                  title={t('nav.closeTab')}
                  aria-hidden
                  onClick={(event) => {
                    event.stopPropagation();
                    close();
                  }}
                >
                  <CloseOutlined />
                </span>
              )}
            </div>
          );
        })}
      </div>
      <Dropdown menu={tabMenu} placement="bottomRight" trigger={['click', 'hover']}>
        <Button size="small" className="app-tabs__menu">
          {t('nav.tabMenu')} <DownOutlined />
        </Button>
      </Dropdown>
    </nav>
  );
}
