import { useState } from 'react';

/**
 * True from the first time `open` is true. A dialog rendered only from then on costs nothing in the page's first
 * render (a closed antd Modal still runs its style and portal hooks), and keeps its closing animation afterwards.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
