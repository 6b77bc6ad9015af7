import type { Context } from 'hono';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import type { BladeEnv } from '../../server/blade/context';
import { R, send } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { formatDateTime } from '../../server/blade/serializer';
import type { ResourceStore } from '../../server/blade/store-types';
import { requiredQueryId } from '../../server/blade/validate';
import { xlsxResponse, type ExcelColumn } from '../../server/excel';
import { attachmentDownload } from '../../server/modules/execution/attachments';
import { caseLog, failedCases, periodOf, periodText, reportRows, type ReportDefinition } from './figures';
import { CASE_STATUS_ZH, isReportKind, KIND_SPECS, type ReportColumn, type ReportData, type ReportRow } from './kinds';

/** Longest look-back a definition may ask for (ten years). */
const MAX_RECENT_DAYS = 3650;

async function definitionOf(store: ResourceStore, c: Context<BladeEnv>): Promise<ReportDefinition & { reportKind: ReturnType<typeof kindOf> }> {
  const row = await store.detail(c.get('user'), requiredQueryId(c.req.query(), 'id'));
  if (!row) throw badRequest('报表不存在');
  const definition = row as unknown as ReportDefinition;
  return { ...definition, reportKind: kindOf(definition.reportKind) };
}

function kindOf(kind: unknown) {
  if (!isReportKind(kind)) throw badRequest('报表类型不正确');
  return kind;
}

/** A column's cell in the sheet: shares as percentages, times in seconds, outcomes by their Chinese names. */
function sheetColumn(column: ReportColumn): ExcelColumn<ReportRow> {
  const header = column.label.zh;
  switch (column.format) {
    case 'percent':
      return { key: column.key, header: `${header}(%)`, width: 12, value: (row) => Math.round(Number(row[column.key] ?? 0) * 1000) / 10 };
    case 'ms':
      return { key: column.key, header: `${header}(秒)`, width: 14, value: (row) => Math.round(Number(row[column.key] ?? 0) / 100) / 10 };
    case 'seconds':
      return { key: column.key, header: `${header}(秒)`, width: 14 };
    case 'int':
      return { key: column.key, header, width: 10 };
    default:
      return {
        key: column.key,
        header,
        width: column.key === 'caseTitle' || column.key === 'name' ? 32 : 18,
        value: (row) => (column.key === 'lastStatus' ? (CASE_STATUS_ZH[String(row[column.key])] ?? row[column.key]) : row[column.key]),
      };
  }
}

/**
 * A definition's validity beyond its fields' own rules (the kind is one of its dictionary's keys): a sensible
 * look-back. Its filters are ids (checked against the tenant's rows by the ref rules), dates and a number: nothing in
 * it is a place to read from.
 */
export const behaviour: ResourceBehaviour = {
  beforeWrite({ values }) {
    const days = values.recentDays;
    if (days !== undefined && days !== null && days !== '' && !(Number.isInteger(Number(days)) && Number(days) >= 1 && Number(days) <= MAX_RECENT_DAYS)) {
      throw badRequest(`最近天数须为1到${MAX_RECENT_DAYS}之间的整数`);
    }
  },

  routes({ store, services, read }) {
    const api = '/api/blade-report/report/rest';

    // The viewer's figures: the table rows of the definition's kind and the last cases that did not pass.
    read(`${api}/data`, async (c) => {
      const definition = await definitionOf(store, c);
      const user = c.get('user');
      const period = periodOf(definition);
      const data: ReportData = {
        report: { id: definition.id, reportName: definition.reportName, reportKind: definition.reportKind, periodText: periodText(period) },
        rows: await reportRows(services.db, user, definition.reportKind, definition, period),
        failures: await failedCases(services.db, user, definition, period),
        generatedAt: formatDateTime(new Date()),
      };
      return send(c, R.data(data));
    });

    read(`${api}/export`, async (c) => {
      const definition = await definitionOf(store, c);
      const rows = await reportRows(services.db, c.get('user'), definition.reportKind, definition, periodOf(definition));
      const columns = KIND_SPECS[definition.reportKind].columns.map(sheetColumn);
      return xlsxResponse(`${definition.reportName}.xlsx`, columns, rows, { sheetName: KIND_SPECS[definition.reportKind].label.zh });
    });

    // A case a report lists opens its log (any case of a run the caller may read).
    read(`${api}/case-log`, async (c) => {
      const log = await caseLog(services.db, c.get('user'), requiredQueryId(c.req.query(), 'id'));
      if (!log) throw badRequest('执行记录不存在');
      return send(c, R.data(log));
    });

    // …and its attachments (a run the caller may read; the bytes from the store they were uploaded to).
    read(`${api}/case-attachment`, async (c) =>
      attachmentDownload(services.db, services.objects, c.get('user'), requiredQueryId(c.req.query(), 'id')),
    );
  },
};
