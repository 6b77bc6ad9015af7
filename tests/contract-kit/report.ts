import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Check, ContractRun, Outcome } from './kit';

/** The run as one line per endpoint, a JUnit XML (CI dashboards) and an HTML page (people). */

export const lineOf = (check: Check) =>
  `${check.outcome.padEnd(7)} ${check.group} ${check.name}: ${check.method} ${check.path}${check.details.length ? ` — ${check.details.join('; ')}` : ''}`;

export function countsOf(run: ContractRun): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { ok: 0, differs: 0, missing: 0, skipped: 0 };
  for (const check of run.checks) counts[check.outcome]++;
  return counts;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function junitOf(run: ContractRun): string {
  const groups = new Map<string, Check[]>();
  for (const check of run.checks) groups.set(check.group, [...(groups.get(check.group) ?? []), check]);
  const suites = [...groups].map(([group, checks]) => {
    const failures = checks.filter((check) => check.outcome === 'differs' || check.outcome === 'missing').length;
    const skipped = checks.filter((check) => check.outcome === 'skipped').length;
    const cases = checks.map((check) => {
      const name = escape(`${check.name}: ${check.method} ${check.path}`);
      const time = (check.ms / 1000).toFixed(3);
      const details = escape(check.details.join('\n'));
      const inner =
        check.outcome === 'differs' || check.outcome === 'missing'
          ? `<failure type="${check.outcome}" message="${escape(`${check.outcome}: ${check.details[0] ?? ''}`)}">${details}</failure>`
          : check.outcome === 'skipped'
            ? `<skipped message="${details}"/>`
            : '';
      return `    <testcase classname="contract.${escape(group)}" name="${name}" time="${time}">${inner}</testcase>`;
    });
    return `  <testsuite name="${escape(group)}" tests="${checks.length}" failures="${failures}" skipped="${skipped}" errors="0">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const counts = countsOf(run);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract ${escape(run.gateway)}" tests="${run.checks.length}" failures="${counts.differs + counts.missing}" skipped="${counts.skipped}">\n${suites.join('\n')}\n</testsuites>\n`;
}

const COLOURS: Record<Outcome, string> = { ok: '#237804', differs: '#ad6800', missing: '#a8071a', skipped: '#595959' };

export function htmlOf(run: ContractRun): string {
  const counts = countsOf(run);
  const rowsOf = (checks: Check[]) => checks
    .map(
      (check) =>
        `<tr><td style="color:${COLOURS[check.outcome]};font-weight:bold">${check.outcome}</td><td>${escape(check.group)}</td><td>${escape(check.name)}</td>` +
        `<td><code>${check.method} ${escape(check.path)}</code></td><td>${check.details.map((detail) => `<div>${escape(detail)}</div>`).join('')}</td><td>${check.ms}</td></tr>`,
    )
    .join('\n');
  const head = '<thead><tr><th>Outcome</th><th>Group</th><th>Check</th><th>Call</th><th>Details</th><th>ms</th></tr></thead>';
  const failing = run.checks.filter((check) => check.outcome === 'differs' || check.outcome === 'missing');
  const differences = failing.length
    ? `<h2>Differences</h2><table>${head}<tbody>\n${rowsOf(failing)}\n</tbody></table>`
    : '<h2>Differences</h2><p>None: every endpoint answered as our providers read it.</p>';
  const created = run.created.length
    ? `<h2>Rows created</h2><ul>${run.created.map((row) => `<li>${escape(row.resource)} ${escape(row.id)}: ${row.removed ? 'removed' : '<b>NOT removed</b>'}</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Contract report — ${escape(run.gateway)}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #d9d9d9;padding:4px 8px;text-align:left;vertical-align:top}th{background:#fafafa}code{font-size:12px;word-break:break-all}</style>
</head><body>
<h1>Contract report</h1>
<p>Gateway <code>${escape(run.gateway)}</code>, tenant ${escape(run.tenantId)}, account ${escape(run.account)}, ${run.write ? `read and write (prefix ${escape(run.prefix)})` : 'read-only'}, started ${escape(run.startedAt)}.</p>
<p><b>${counts.ok}</b> ok, <b>${counts.differs}</b> differ, <b>${counts.missing}</b> missing, <b>${counts.skipped}</b> skipped.</p>
${differences}
${created}
<h2>Every check</h2>
<table>${head}<tbody>
${rowsOf(run.checks)}
</tbody></table>
</body></html>
`;
}

export function writeReports(run: ContractRun, paths: { junit: string; html: string }) {
  for (const [path, text] of [
    [paths.junit, junitOf(run)],
    [paths.html, htmlOf(run)],
  ] as const) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}
