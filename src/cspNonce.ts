/**
 * The CSP nonce the server put into this page (Vite's `<meta property="csp-nonce">`): antd's runtime styles carry
 * it, or the browser would refuse them. Browsers hide a nonce attribute's value from `getAttribute`; the property
 * keeps it. Empty in development, where no CSP applies.
 */
export function cspNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce === 'BLADE_CSP_NONCE' ? '' : nonce;
}

/**
 * Gives the nonce to style elements that libraries insert without one (rc-util measures the scrollbar with a
 * throw-away style tag and passes no nonce), so the CSP need not allow inline styles.
 */
export function nonceInsertedStyles(nonce: string): void {
  if (!nonce) return;
  const withNonce = <T extends Node>(node: T): T => {
    if (node instanceof HTMLStyleElement && !node.nonce) node.nonce = nonce;
    return node;
  };
  const { appendChild, insertBefore } = Node.prototype;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    return appendChild.call(this, withNonce(node)) as T;
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    return insertBefore.call(this, withNonce(node), child) as T;
  };
}
