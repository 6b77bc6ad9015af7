import { CASE_STATUS_ZH } from '../../../resources/report/kinds';
import { attachmentDisposition, xlsxResponse, type ExcelColumn } from '../../excel';

/**
 * A run exported with every case's result, executor, duration, message, the version under test and the names of its
 * attachments: as a workbook for people, and as JUnit XML for CI systems and other test tools.
 */

type RunCase = Record<string, unknown>;
/** A run as `runDetail` answers it: its wire fields and its cases with their logs. */
type RunDetail = Record<string, unknown> & { cases: RunCase[] };

const seconds = (ms: unknown) => (typeof ms === 'number' && ms >= 0 ? ms / 1000 : 0);
/** The names of a case's attachments (files its script left in its output folder). */
const attachmentNames = (item: RunCase): string[] =>
  Array.isArray(item.attachments) ? item.attachments.map((attachment: { fileName?: unknown }) => String(attachment.fileName ?? '')) : [];
const dash = (value: unknown) => (value === '' || value === null || value === undefined || value === -1 ? '' : value);

/** What a file of the run is called: `<task code>-<start time>`. */
const fileStem = (run: RunDetail) => `${String(run.taskCode || run.taskId)}-${String(run.startTime).replace(/\D/g, '').slice(0, 14)}`;

export function runXlsx(run: RunDetail): Response {
  const columns: ExcelColumn<RunCase>[] = [
    { key: 'sort', header: '序号', width: 6 },
    { key: 'caseCode', header: '用例编号', width: 20 },
    { key: 'caseTitle', header: '用例标题', width: 32 },
    { key: 'caseStatus', header: '结果', width: 10, value: (item) => CASE_STATUS_ZH[String(item.caseStatus)] ?? item.caseStatus },
    { key: 'executor', header: '执行人', width: 12, value: () => run.executor },
    // The terminal that took the case (a run spreads its cases over its task's terminals); none for a case not run.
    { key: 'terminalCode', header: '执行终端', width: 16, value: (item) => String(item.terminalCode ?? '') },
    { key: 'durationMs', header: '耗时(秒)', width: 10, value: (item) => seconds(item.durationMs) },
    { key: 'exitCode', header: '退出码', width: 8, value: (item) => dash(item.exitCode) },
    { key: 'message', header: '信息', width: 36 },
    { key: 'startedAt', header: '开始时间', width: 20 },
    { key: 'endedAt', header: '结束时间', width: 20 },
    { key: 'testObjectCode', header: '测试对象', width: 16, value: () => run.testObjectCode },
    { key: 'baselineVersion', header: '被测版本', width: 14, value: () => run.baselineVersion },
    { key: 'attachments', header: '附件', width: 30, value: (item) => attachmentNames(item).join('\n') },
  ];
  // Sheet names may not hold []:*?/\ and are at most 31 characters long.
  const sheetName = String(run.taskCode || '用例结果').replace(/[[\]:*?/\\]/g, '_').slice(0, 31);
  return xlsxResponse(`${fileStem(run)}.xlsx`, columns, run.cases, { sheetName });
}

// XML 1.0 allows tab, newline, carriage return and the characters from U+0020 on: a script's output may hold others.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlText = (value: unknown) =>
  String(value ?? '')
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const xmlAttr = (value: unknown) => xmlText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');

/** Outcomes as JUnit counts them: a failed assertion, an error (crash, time-out, stopped), or not run. */
const FAILURES = new Set(['failed']);
const ERRORS = new Set(['error', 'timeout', 'terminated']);
const PASSED = 'passed';

const isoTime = (text: unknown) => String(text ?? '').replace(' ', 'T');

export function runJunitXml(run: RunDetail): string {
  const cases = run.cases;
  const failures = cases.filter((item) => FAILURES.has(String(item.caseStatus))).length;
  const errors = cases.filter((item) => ERRORS.has(String(item.caseStatus))).length;
  const skipped = cases.filter((item) => item.caseStatus !== PASSED && !FAILURES.has(String(item.caseStatus)) && !ERRORS.has(String(item.caseStatus))).length;
  const time = cases.reduce((sum, item) => sum + seconds(item.durationMs), 0).toFixed(3);
  const suiteName = String(run.taskCode || run.taskId);
  const properties = [
    ['executor', run.executor],
    ['terminal', run.terminalCode],
    ['testObject', run.testObjectCode],
    ['versionUnderTest', run.baselineVersion],
    ['runId', run.id],
  ]
    .filter(([, value]) => value !== '' && value !== undefined && value !== null)
    .map(([name, value]) => `      <property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`);
  const testcases = cases.map((item) => {
    const open = `    <testcase name="${xmlAttr(item.caseTitle || item.caseCode)}" classname="${xmlAttr(`${suiteName}.${String(item.caseCode)}`)}" time="${seconds(item.durationMs).toFixed(3)}"`;
    const status = String(item.caseStatus);
    const message = xmlAttr(String(item.message || CASE_STATUS_ZH[status] || status));
    const body: string[] = [];
    // The terminal that ran the case as a testcase property (as pytest's record_property writes them): the suite's
    // hostname is the run's own terminal, but a run spreads its cases over several.
    if (item.terminalCode) body.push(`      <properties>\n        <property name="terminal" value="${xmlAttr(item.terminalCode)}"/>\n      </properties>`);
    if (FAILURES.has(status)) body.push(`      <failure message="${message}" type="${status}">${xmlText(item.log)}</failure>`);
    else if (ERRORS.has(status)) body.push(`      <error message="${message}" type="${status}">${xmlText(item.log)}</error>`);
    else if (status !== PASSED) body.push(`      <skipped message="${message}"/>`);
    // Attachments as CI plugins read them (Jenkins junit-attachments, GitLab): one `[[ATTACHMENT|path]]` line each.
    const out = [status === PASSED ? String(item.log ?? '') : '', ...attachmentNames(item).map((name) => `[[ATTACHMENT|${name}]]`)].filter(Boolean);
    if (out.length > 0) body.push(`      <system-out>${xmlText(out.join('\n'))}</system-out>`);
    return body.length === 0 ? `${open}/>` : `${open}>\n${body.join('\n')}\n    </testcase>`;
  });
  const counts = `tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(suiteName)}" ${counts}>`,
    `  <testsuite name="${xmlAttr(suiteName)}" ${counts} timestamp="${xmlAttr(isoTime(run.startTime))}" hostname="${xmlAttr(run.terminalCode)}">`,
    ...(properties.length > 0 ? ['    <properties>', ...properties, '    </properties>'] : []),
    ...testcases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

export function runJunitResponse(run: RunDetail): Response {
  return new Response(runJunitXml(run), {
    status: 200,
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': attachmentDisposition(`${fileStem(run)}.xml`),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}
