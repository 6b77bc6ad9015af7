import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * `children` rendered only once the rest of the screen has been painted, `placeholder` until then: a transition begun
 * on mount, so React lets the browser paint before rendering them. For the parts of the shell nobody uses in the first
 * instant of a visit (the menus, the header's tools), which would otherwise delay the page's content by their render.
 */
export function AfterFirstPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => startTransition(() => setPainted(true)), []);
  return painted ? children : placeholder;
}
