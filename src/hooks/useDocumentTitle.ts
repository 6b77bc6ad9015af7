import { useEffect } from 'react';

/** The window title follows the page shown (spec §2: it is '登录' on the login page). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
