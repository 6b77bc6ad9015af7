import type { GoConfig, RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { siteConfig } from '../../providers/config';

/** A list's paging in its address only where it differs from the first page at the default size. */
export function withoutDefaultPaging(query: GoConfig['query']): GoConfig['query'] {
  if (!query) return query;
  const lean = { ...query };
  if (Number(lean.currentPage) === 1) lean.currentPage = undefined;
  if (Number(lean.pageSize) === siteConfig.defaultPageSize) lean.pageSize = undefined;
  return lean;
}

/** Where `link` (what `go` answers for `type: 'path'`, relative when it has no path) leads from `pathname`. */
export function resolvedLink(link: string, pathname: string): string {
  return link === '' || link.startsWith('?') || link.startsWith('#') ? `${pathname}${link}` : link;
}

/**
 * Refine's react-router bindings, with a table's address kept lean: the first page at the default size writes no
 * paging into it, and a navigation to the address already shown does nothing. Every list otherwise replaced its bare
 * address with `?pageSize=10&currentPage=1` right after its first render, which rendered the whole layout once more.
 */
export const bladeRouterProvider: RouterProvider = {
  ...routerProvider,
  go: () => {
    const go = routerProvider.go!();
    const navigate = useNavigate();
    const { pathname, search, hash } = useLocation();
    return useCallback(
      (config: GoConfig) => {
        const lean = { ...config, query: withoutDefaultPaging(config.query) };
        if (config.type === 'path') return go(lean);
        const target = resolvedLink(go({ ...lean, type: 'path' }) ?? '', pathname);
        if (target === `${pathname}${search}${hash}`) return;
        void navigate(target, { replace: config.type === 'replace' });
      },
      [go, navigate, pathname, search, hash],
    );
  },
};
