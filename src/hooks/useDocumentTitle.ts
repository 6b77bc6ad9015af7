import { useLayoutEffect } from 'react';

/** Titles the window (spec §2: the title follows the active tab); an empty title leaves the current one. */
export function useDocumentTitle(title: string): void {
  useLayoutEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
