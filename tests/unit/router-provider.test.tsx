import type { GoConfig } from '@refinedev/core';
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { bladeRouterProvider, resolvedLink, withoutDefaultPaging } from '../../src/router/routerProvider';

describe('a list address without default paging', () => {
  it('drops the first page and the default size, keeps every other value', () => {
    expect(withoutDefaultPaging({ currentPage: 1, pageSize: 10, filters: [] })).toEqual({ currentPage: undefined, pageSize: undefined, filters: [] });
    expect(withoutDefaultPaging({ currentPage: 2, pageSize: 30 })).toEqual({ currentPage: 2, pageSize: 30 });
    expect(withoutDefaultPaging({ currentPage: '1', pageSize: '10' })).toEqual({ currentPage: undefined, pageSize: undefined });
    expect(withoutDefaultPaging(undefined)).toBeUndefined();
  });

  it('resolves a link without a path against the current one', () => {
    expect(resolvedLink('', '/system/param')).toBe('/system/param');
    expect(resolvedLink('?currentPage=2', '/system/param')).toBe('/system/param?currentPage=2');
    expect(resolvedLink('/test/project?x=1', '/system/param')).toBe('/test/project?x=1');
  });
});

describe('go', () => {
  /** Renders a page whose `go` is handed out, and records every address the router shows. */
  function mountAt(address: string) {
    const seen: string[] = [];
    let go: (config: GoConfig) => void = () => undefined;
    function Page() {
      const location = useLocation();
      go = bladeRouterProvider.go!() as (config: GoConfig) => void;
      useEffect(() => void seen.push(`${location.pathname}${location.search}`), [location]);
      return null;
    }
    render(
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
    return { seen, go: (config: GoConfig) => act(() => go(config)) };
  }

  it('leaves the bare address of the first page as it is: no navigation, no render', async () => {
    const page = mountAt('/system/param');
    await page.go({ type: 'replace', options: { keepQuery: true }, query: { pageSize: 10, currentPage: 1, sorters: [], filters: [] } });
    expect(page.seen).toEqual(['/system/param']);
  });

  it('writes another page into the address, and removes it again for the first page', async () => {
    const page = mountAt('/system/param');
    await page.go({ type: 'replace', options: { keepQuery: true }, query: { pageSize: 10, currentPage: 2 } });
    expect(page.seen.at(-1)).toBe('/system/param?currentPage=2');
    await page.go({ type: 'replace', options: { keepQuery: true }, query: { pageSize: 10, currentPage: 1 } });
    expect(page.seen.at(-1)).toBe('/system/param');
    expect(page.seen).toHaveLength(3);
  });
});
