import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import type { BladeUser } from '../../server/blade/context';
import { batchesOf } from '../../server/blade/batch';
import { createResourceStore, type ResourceStore } from '../../server/blade/crud';
import { R } from '../../server/blade/envelope';
import { BladeError, badRequest } from '../../server/blade/errors';
import { nextId } from '../../server/blade/ids';
import { scopedWhere } from '../../server/blade/scope';
import { reviewOperation } from '../../server/flow/review';
import { cellErrorText, importGate, readXlsxRows, receiveXlsx, templateResponse, XLSX_TYPE, type ExcelColumn, type SheetRow } from '../../server/excel';
import type { Db } from '../../server/db/types';
import { tenantObjectKey, uploadKey } from '../../server/storage/keys';
import { exportAndRecord, listRows } from '../exportchecklist/exports';
import { importCheckSchema } from '../importcheck/schema';
import { testCaseSchema } from './schema';

/**
 * Test-case import (check, then upload of the good rows) and export, on the spec's paths. A sheet speaks labels and
 * codes (priority 高, project code, script code, module path `通信模块/协议栈`); they are resolved to ids here and every
 * row then goes through the store's own validation, so the import refuses exactly what the form would.
 */

type Row = Record<string, unknown>;
type Options = Record<string, string>;

/** Errors kept in an answer and in a record: enough to fix a file, bounded for a file that is all wrong. */
const MAX_ERRORS = 1000;
const OPT_CHECK = 1;
const OPT_UPLOAD = 2;
const FINISHED = 1;
const FAILED = 2;

async function dictOptions(db: Db, code: string): Promise<Options> {
  const rows = await db.cachedQuery<{ dict_key: string; dict_value: string }>(
    'SELECT dict_key, dict_value FROM blade_dict WHERE code = $1 AND parent_id > 0 AND is_deleted = 0 ORDER BY sort, id',
    [code],
  );
  return Object.fromEntries(rows.map((row) => [row.dict_value, row.dict_key]));
}

/** The sheet's columns; coded ones take their labels from the dictionaries, as the screen shows them. */
async function columnsOf(db: Db): Promise<ExcelColumn<Row>[]> {
  const [priority, ownership, audit] = await Promise.all([
    dictOptions(db, 'test_case_priority'),
    dictOptions(db, 'ownership_type'),
    dictOptions(db, 'test_case_audit_status'),
  ]);
  return [
    { key: 'caseCode', header: '用例编号', required: true, example: 'TC-0001', width: 14 },
    { key: 'caseTitle', header: '用例标题', required: true, example: '登录成功', width: 24 },
    { key: 'modulePath', header: '功能模块', required: true, example: '通信模块/协议栈', width: 22 },
    { key: 'priority', header: '优先级', options: priority, width: 8 },
    { key: 'ownership', header: '用例归属', options: ownership, width: 10 },
    { key: 'projectCode', header: '所属项目', example: '', width: 14 },
    { key: 'auditStatus', header: '审核状态', options: audit, width: 10 },
    { key: 'purpose', header: '测试目的', required: true, example: '验证正确的账号密码可以登录', width: 30 },
    { key: 'precondition', header: '前置条件', width: 24 },
    { key: 'testSteps', header: '测试步骤', width: 30 },
    { key: 'expectedResult', header: '预期结果', width: 24 },
    { key: 'scriptCode', header: '脚本编号', required: true, example: 'SC-0001', width: 14 },
  ];
}

/** Sheet column of each case field, so a refusal of the store names the column the user fixes. */
const COLUMN_OF_FIELD: Record<string, string> = {
  caseCode: '用例编号',
  caseTitle: '用例标题',
  moduleTypePath: '功能模块',
  priority: '优先级',
  ownership: '用例归属',
  projectId: '所属项目',
  auditStatus: '审核状态',
  purpose: '测试目的',
  precondition: '前置条件',
  testSteps: '测试步骤',
  expectedResult: '预期结果',
  testScriptId: '脚本编号',
};

function columnOfMessage(message: string): string {
  for (const field of testCaseSchema.fields) {
    const column = COLUMN_OF_FIELD[field.name];
    if (!column) continue;
    if (message === field.required || message === field.unique || message.includes(field.label.zh)) return column;
  }
  return '用例编号';
}

/** Labels and codes of a tenant resolved to ids, each looked up once per file. */
function resolver(db: Db, user: BladeUser) {
  let modules: Promise<Map<string, string>> | undefined;
  const projects = new Map<string, Promise<string | undefined>>();
  const scripts = new Map<string, Promise<string | undefined>>();
  const loadModules = async () => {
    const scope = scopedWhere(user, { resource: 'moduletype' });
    const rows = await db.query<{ id: string; parent: string; name: string }>(
      `SELECT id::text AS id, COALESCE(parent_id, 0)::text AS parent, type_name AS name FROM blade_module_type WHERE ${scope.where}`,
      scope.values,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const paths = new Map<string, string>();
    for (const row of rows) {
      const names: string[] = [];
      const ids: string[] = [];
      for (let node = byId.get(row.id), depth = 0; node && depth < 64; node = byId.get(node.parent), depth += 1) {
        names.unshift(node.name);
        ids.unshift(node.id);
      }
      paths.set(names.join('/'), ids.join(','));
    }
    return paths;
  };
  // A code names a row the importer may see, as the form's pickers offer them (the resource's data scope applies).
  const lookup = (cache: Map<string, Promise<string | undefined>>, table: string, resource: string, conditions: string, code: string) => {
    let found = cache.get(code);
    if (!found) {
      const scope = scopedWhere(user, { resource }, conditions, [code]);
      found = db.query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE ${scope.where} LIMIT 1`, scope.values).then((rows) => rows[0]?.id);
      cache.set(code, found);
    }
    return found;
  };
  return {
    async module(text: string) {
      modules ??= loadModules();
      const normalized = text.split('/').map((part) => part.trim()).filter(Boolean).join('/');
      return (await modules).get(normalized);
    },
    project: (code: string) =>
      lookup(projects, 'blade_project', 'project', 'project_code = $1', code),
    // Only audited scripts may be linked (spec §4), as the form's picker offers.
    script: (code: string) =>
      lookup(scripts, 'blade_test_script', 'testscript', 'script_code = $1 AND audit_status = 1', code),
  };
}

interface RowError {
  row: number;
  column: string;
  message: string;
}

interface CheckedFile {
  total: number;
  /** Good rows (imported by an upload). */
  valid: number;
  errors: RowError[];
  /** Bad rows (a row with two bad cells counts once). */
  badRows: number;
}

/** A sheet row turned into a case body: its cells, then its labels and codes resolved; what it got wrong so far. */
async function caseBodyOf(sheetRow: SheetRow, resolve: ReturnType<typeof resolver>, seenCodes: Map<string, number>) {
  const errors: RowError[] = sheetRow.errors.map(({ row, column, message }) => ({ row, column, message }));
  const values = sheetRow.values;
  const fail = (column: string, message: string) => errors.push({ row: sheetRow.row, column, message });
  const body: Row = {};
  // 审核状态 stays a column of the sheet (the template and exports keep it) but an imported case starts 待审核:
  // only a review approves it.
  for (const key of ['caseCode', 'caseTitle', 'priority', 'ownership', 'purpose', 'precondition', 'testSteps', 'expectedResult']) {
    if (values[key] !== undefined) body[key] = values[key];
  }
  if (typeof values.modulePath === 'string') {
    body.moduleTypePath = await resolve.module(values.modulePath);
    if (!body.moduleTypePath) fail('功能模块', `功能模块「${values.modulePath}」不存在`);
  }
  if (typeof values.projectCode === 'string') {
    body.projectId = await resolve.project(values.projectCode);
    if (!body.projectId) fail('所属项目', `项目编号「${values.projectCode}」不存在`);
  }
  if (typeof values.scriptCode === 'string') {
    body.testScriptId = await resolve.script(values.scriptCode);
    if (!body.testScriptId) fail('脚本编号', `脚本编号「${values.scriptCode}」不存在或未审核`);
  }
  if (typeof values.caseCode === 'string') {
    const first = seenCodes.get(values.caseCode);
    if (first !== undefined) fail('用例编号', `与第${first}行的用例编号重复`);
    else seenCodes.set(values.caseCode, sheetRow.row);
  }
  return { row: sheetRow.row, body, errors };
}

/**
 * Every row of the file checked: cells, then labels and codes, then the store's validation of the case, a batch of
 * rows at a time (one query per field and batch). `onGood` takes each batch's good bodies, in sheet order, before
 * the next batch is read, so memory holds one batch whatever the file's length. Reads go through `db`.
 */
async function checkFile(
  db: Db,
  store: ResourceStore,
  user: BladeUser,
  bytes: Uint8Array,
  onGood?: (bodies: Row[]) => Promise<unknown>,
): Promise<CheckedFile> {
  const columns = await columnsOf(db);
  const resolve = resolver(db, user);
  const seenCodes = new Map<string, number>();
  const result: CheckedFile = { total: 0, valid: 0, errors: [], badRows: 0 };
  for await (const sheetRows of batchesOf(readXlsxRows(bytes, columns))) {
    const rows = [];
    for (const sheetRow of sheetRows) rows.push(await caseBodyOf(sheetRow, resolve, seenCodes));
    // Rows whose cells and codes are right go through the store's validation together.
    const candidates = rows.filter((row) => row.errors.length === 0);
    const checks = await store.validateMany({ user, tx: db }, candidates.map((row) => row.body));
    candidates.forEach((row, index) => {
      const refusal = checks[index].error;
      if (refusal) row.errors.push({ row: row.row, column: columnOfMessage(refusal.message), message: refusal.message });
    });
    const good: Row[] = [];
    for (const row of rows) {
      result.total += 1;
      if (row.errors.length > 0) {
        result.badRows += 1;
        result.errors.push(...row.errors.slice(0, Math.max(0, MAX_ERRORS - result.errors.length)));
      } else {
        good.push(row.body);
      }
    }
    result.valid += good.length;
    if (onGood && good.length > 0) await onGood(good);
  }
  return result;
}

const errorLines = (errors: RowError[], badRows: number, shownRows: number) => {
  const lines = errors.map(({ row, column, message }) => cellErrorText(row, column, message));
  if (badRows > shownRows) lines.push(`……另有${badRows - shownRows}行错误未列出`);
  return lines.join('\n');
};

const uploadBody = z.object({ bathNo: z.string().trim().min(1).max(64).describe('批次号') });

/** The batch number of a check: sortable by time, unique. */
const newBatchNo = () => `IMP${nextId()}`;

export const behaviour: ResourceBehaviour = {
  routes({ read, operation, store, services }) {
    const base = testCaseSchema.api;
    reviewOperation({ operation, store, services }, 'testcase');
    const records = createResourceStore(services.db, services.registry, importCheckSchema);
    const record = (user: BladeUser, values: Row) => records.submit(user, values);

    read(`${base}/template`, async () => templateResponse('测试用例导入模板.xlsx', (await columnsOf(services.db)) as ExcelColumn<never>[]));

    // Checks and uploads take a turn of the process's import gate: a few at once, fairly among tenants.
    operation('import', {}, ({ c, user }) => importGate.run(c, user.tenantId, async () => {
      const file = await receiveXlsx(c);
      const bathNo = newBatchNo();
      const { key } = uploadKey('import', file.name, file.size, Date.now());
      await services.storage.putObject(tenantObjectKey(user.tenantId, key), file.bytes, XLSX_TYPE);
      const common = { bathNo, optType: OPT_CHECK, fileName: file.name, fileUrl: key };
      let checked: CheckedFile;
      try {
        checked = await checkFile(services.db, store, user, file.bytes);
      } catch (error) {
        // An unreadable file is still logged, as a failed check naming why.
        if (error instanceof BladeError) await record(user, { ...common, isCheckFinish: FAILED, totalCount: 0, validCount: 0, errorMsg: error.message });
        throw error;
      }
      const shownRows = new Set(checked.errors.map((error) => error.row)).size;
      const id = await record(user, {
        ...common,
        isCheckFinish: FINISHED,
        totalCount: checked.total,
        validCount: checked.valid,
        errorMsg: errorLines(checked.errors, checked.badRows, shownRows),
      });
      return R.data({ id, bathNo, fileUrl: key, total: checked.total, valid: checked.valid, errors: checked.errors });
    }));

    operation('import', { path: `${base}/uploadTestCase`, body: uploadBody }, ({ c, user, body: { bathNo } }) => importGate.run(c, user.tenantId, async () => {
      const page = await records.list(user, { bathNo_equal: bathNo, optType_equal: String(OPT_CHECK), size: '1' });
      const checkRecord = page.records[0] as Row | undefined;
      if (!checkRecord?.fileUrl) throw badRequest(`批次号「${bathNo}」不存在`);
      const key = String(checkRecord.fileUrl);
      const bytes = await services.storage.getObject(tenantObjectKey(user.tenantId, key));
      if (!bytes) throw badRequest('导入文件不存在');
      // Checked again (cases or scripts may have changed since the check), each batch's good rows inserted as it
      // is checked. All good rows or none: one transaction, which the check's reads and the inserts share.
      const checked = await services.db.transaction((tx) =>
        checkFile(tx, store, user, bytes, (bodies) => store.insertMany({ user, tx }, bodies)),
      );
      const shownRows = new Set(checked.errors.map((error) => error.row)).size;
      const id = await record(user, {
        bathNo,
        optType: OPT_UPLOAD,
        fileName: checkRecord.fileName,
        fileUrl: key,
        isCheckFinish: FINISHED,
        totalCount: checked.total,
        validCount: checked.valid,
        errorMsg: errorLines(checked.errors, checked.badRows, shownRows),
      });
      return R.data({ id, bathNo, total: checked.total, imported: checked.valid, skipped: checked.badRows, errors: checked.errors });
    }));

    operation('export', {}, ({ c, user }) => {
      const query = c.req.query();
      return exportAndRecord(services, user, testCaseSchema, EXPORT_COLUMNS, listRows(store, user, query), query);
    });
  },
};

/** The export shows what the list shows: labels, not codes or ids. */
const EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'caseCode', header: '用例编号', width: 14 },
  { key: 'caseTitle', header: '用例标题', width: 24 },
  { key: 'moduleTypeStr', header: '功能模块', width: 22 },
  { key: 'priorityName', header: '优先级', width: 8 },
  { key: 'ownershipName', header: '用例归属', width: 10 },
  { key: 'projectName', header: '所属项目', width: 16 },
  { key: 'auditStatusStr', header: '审核状态', width: 10 },
  { key: 'purpose', header: '测试目的', width: 30 },
  { key: 'precondition', header: '前置条件', width: 24 },
  { key: 'testSteps', header: '测试步骤', width: 30 },
  { key: 'expectedResult', header: '预期结果', width: 24 },
  { key: 'testScriptCode', header: '脚本编号', width: 14 },
];
