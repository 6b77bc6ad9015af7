import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0–2.2 A and AA rules: what the product promises (WCAG 2.2 AA). */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Rules axe gets wrong for this product, each with the reason. Empty when none: a rule is only switched off here when
 * the page is right and the rule cannot see it.
 */
const RULES_WRONG_FOR_THE_CASE: Record<string, string> = {};

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page as it stands (or only on the elements `within` selects) and answers the critical and
 * serious violations as readable lines: rule id, impact, how many nodes, and the first selectors. The script is
 * evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern (a `<script>` tag
 * would be refused for want of the nonce); it stays in the page until the next full load.
 */
export async function blockingViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    ([tags, disabled, selector]) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> } }).axe;
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      return axe.run(selector ? document.querySelectorAll(selector) : document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] }).then((result) => result.violations);
    },
    [WCAG_AA_TAGS, Object.keys(RULES_WRONG_FOR_THE_CASE), within] as const,
  );
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => {
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
      // What axe measured on the first node (for a contrast failure: both colours and the ratio).
      const why = violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').trim();
      return `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes: ${violation.help}): ${targets}${why ? ` — ${why}` : ''}`;
    });
}

/**
 * The signed-in frame is whole: the sidebar menu, top menu and header tools are drawn after the page's first paint,
 * and an audit before them would miss them.
 */
export async function frameDrawn(page: Page): Promise<void> {
  await page.locator('.app-sider .ant-menu-item').first().waitFor();
  await page.locator('.app-header .header-tools').waitFor();
}

/**
 * The required fields of a form whose control does not tell assistive technology so: the element the label points at
 * (a text box, a select's combobox input, a date picker's input, a radiogroup) must carry aria-required or required.
 * A checkbox group (ARIA's group has no required state) and controls without an element of their own (a switch, an
 * upload button) show the required mark and its message only.
 */
export function requiredWithoutState(form: Locator): Promise<string[]> {
  return form.evaluate((root) =>
    Array.from(root.querySelectorAll('label.ant-form-item-required'))
      .filter((label) => {
        const id = label.getAttribute('for');
        const control = id ? document.getElementById(id) : null;
        if (!control || control.getAttribute('role') === 'group') return false;
        return control.getAttribute('aria-required') !== 'true' && !(control as HTMLInputElement).required;
      })
      .map((label) => (label.textContent ?? '').trim()),
  );
}
