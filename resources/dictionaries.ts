import type { ProductDict } from './types';

/**
 * The product's dictionaries that no one screen owns (shared by several, or kept for screens still to come), seeded on
 * first start (in Chinese, as BladeX stores them) and shown in English in English mode. A screen's own dictionaries
 * live in its folder (`resources/<name>/dicts.ts`, declared by its schema); the registry seeds both. Item order is the
 * `sort` order (1-based, as listed). Keys are strings on the wire.
 *
 * The test-management dictionaries stay in the system dictionary: the spec's screens look them up "by code" through
 * `/api/blade-system/dict/dictionary`, and system rows are visible to every tenant.
 */

export type { ProductDict, ProductDictItem } from './types';

type Item = [key: string, zh: string, en: string, remark?: string];

/** A dictionary from its items written as `[key, 中文, English, remark?]`. */
export function dict(code: string, name: string, items: Item[], biz = false): ProductDict {
  return {
    code,
    name,
    biz,
    items: items.map(([key, zh, en, remark]) => (remark === undefined ? { key, label: { zh, en } } : { key, label: { zh, en }, remark })),
  };
}

/** Maintenance states of terminals, tool devices and test objects; 1 is the usable state pickers filter on. */
export const MAINTENANCE: Item[] = [
  ['1', '正常', 'Normal'],
  ['2', '维护中', 'Under maintenance'],
  ['3', '故障', 'Faulty'],
  ['4', '已报废', 'Scrapped'],
];

/** Audit states of test cases and scripts; pickers offer only 1 (approved). */
export const AUDIT: Item[] = [
  ['0', '待审核', 'Pending review'],
  ['1', '审核通过', 'Approved'],
  ['2', '审核驳回', 'Rejected'],
];

export const sharedDictionaries: ProductDict[] = [
  // --- BladeX system dictionaries -------------------------------------------------------------------------------
  dict('sex', '性别', [
    ['1', '男', 'Male'],
    ['2', '女', 'Female'],
    ['3', '未知', 'Unknown'],
  ]),
  // 0/1 like isSealed, job enable and device status (BladeX itself seeds 1 否 / 2 是).
  // BladeX numbering: the code generator's defaults (baseMode/wrapMode 2 = 是, feignMode 1 = 否) rely on it.
  dict('yes_no', '是否', [
    ['1', '否', 'No'],
    ['2', '是', 'Yes'],
  ]),
  // Flow categories; the remark is the route key of the category's form (spec §3 flow route: code_dictKey → remark).
  dict('flow', '流程类型', [
    ['1', '请假流程', 'Leave', 'leave'],
    ['2', '报销流程', 'Expense claim', 'expense'],
    ['3', '审核流程', 'Review', 'review'],
  ]),
  dict('scope_category', '权限类型', [
    ['1', '数据权限', 'Data scope'],
    ['2', '接口权限', 'API scope'],
  ]),
  // 0 is the embedded store; every other category is reached through its S3-compatible API.
  dict('oss', '对象存储类型', [
    ['0', '内置存储', 'Embedded store'],
    ['1', 'minio', 'minio'],
    ['2', '七牛云', 'Qiniu'],
    ['3', '阿里云', 'Alibaba Cloud'],
    ['4', '腾讯云', 'Tencent Cloud'],
    ['5', '华为云', 'Huawei Cloud'],
    ['6', 'AWS S3', 'AWS S3'],
  ]),
  // BladeX's code: Saber's 行政区划 form reads its 区划等级 from it.
  dict('region', '行政区划', [
    ['1', '省份', 'Province'],
    ['2', '地市', 'City'],
    ['3', '区县', 'County'],
    ['4', '乡镇', 'Township'],
    ['5', '村委', 'Village'],
  ]),
  dict('status', '状态', [
    ['0', '停用', 'Disabled'],
    ['1', '启用', 'Enabled'],
  ]),

  // --- Job scheduling (spec §9) ---------------------------------------------------------------------------------
  dict('job_time_expression_type', '定时类型', [
    ['1', 'API', 'API'],
    ['2', 'CRON', 'CRON'],
    ['3', '固定频率(毫秒)', 'Fixed rate (ms)'],
    ['4', '固定延迟(毫秒)', 'Fixed delay (ms)'],
    ['5', '工作流', 'Workflow'],
  ]),
  dict('job_execute_type', '执行类型', [
    ['1', '单机执行', 'Standalone'],
    ['2', '广播执行', 'Broadcast'],
    ['3', 'MapReduce', 'MapReduce'],
  ]),
  dict('job_processor_type', '处理器类型', [
    ['1', '内置处理器', 'Built-in processor'],
    ['4', '外部处理器(动态加载)', 'External processor (loaded at run time)'],
  ]),
  dict('job_dispatch_strategy', '派发策略', [
    ['1', 'HEALTH_FIRST', 'HEALTH_FIRST'],
    ['2', 'RANDOM', 'RANDOM'],
  ]),
  dict('job_log_type', '日志类型', [
    ['1', 'ONLINE', 'ONLINE'],
    ['2', 'LOCAL', 'LOCAL'],
    ['3', 'STDOUT', 'STDOUT'],
    ['4', 'LOCAL_AND_ONLINE', 'LOCAL_AND_ONLINE'],
    ['999', 'NULL', 'NULL'],
  ]),
  dict('job_log_level', '日志级别', [
    ['1', 'DEBUG', 'DEBUG'],
    ['2', 'INFO', 'INFO'],
    ['3', 'WARN', 'WARN'],
    ['4', 'ERROR', 'ERROR'],
    ['99', 'OFF', 'OFF'],
  ]),
  dict('job_enable', '任务状态', [
    ['0', '暂停', 'Paused'],
    ['1', '开启', 'Enabled'],
  ]),

  // --- Code generation (spec §9) --------------------------------------------------------------------------------
  dict('template_type', '模板类型', [
    ['crud', '单表', 'Single table'],
    ['sub', '主子表', 'Master and detail'],
    ['tree', '树表', 'Tree table'],
  ]),
  dict('code_style', '代码风格', [
    ['saber', 'saber', 'saber'],
    ['element', 'element', 'element'],
  ]),
  dict('entity_type', '实体类型', [
    ['String', 'String', 'String'],
    ['Integer', 'Integer', 'Integer'],
    ['Long', 'Long', 'Long'],
    ['Double', 'Double', 'Double'],
    ['BigDecimal', 'BigDecimal', 'BigDecimal'],
    ['Boolean', 'Boolean', 'Boolean'],
    ['Date', 'Date', 'Date'],
  ]),
  dict('component_type', '组件类型', [
    ['input', '单行文本', 'Text'],
    ['textarea', '多行文本', 'Multi-line text'],
    ['editor', '富文本', 'Rich text'],
    ['select', '下拉选择', 'Select'],
    ['tree', '树形选择', 'Tree select'],
    ['radio', '单选框', 'Radio'],
    ['checkbox', '多选框', 'Checkbox'],
    ['switch', '开关', 'Switch'],
    ['date', '日期', 'Date'],
  ]),
  dict('query_type', '查询类型', [
    ['equal', '等于', 'Equals'],
    ['notequal', '不等于', 'Not equal'],
    ['gt', '大于', 'Greater than'],
    ['ge', '大于等于', 'At least'],
    ['lt', '小于', 'Less than'],
    ['le', '小于等于', 'At most'],
    ['between', '介于', 'Between'],
    ['like', '模糊', 'Contains'],
    ['likeleft', '左模糊', 'Ends with'],
    ['likeright', '右模糊', 'Starts with'],
  ]),

  // --- Test management --------------------------------------------------------------------------------------------
  dict('ownership_type', '归属类型', [
    ['0', '公共', 'Public'],
    ['1', '项目', 'Project'],
  ]),

  // --- Business dictionary (per tenant, dict-biz) -----------------------------------------------------------------
  dict(
    'leave_type',
    '请假类型',
    [
      ['1', '事假', 'Personal leave'],
      ['2', '病假', 'Sick leave'],
      ['3', '年假', 'Annual leave'],
      ['4', '调休', 'Time off in lieu'],
    ],
    true,
  ),
];

/**
 * A dictionary item's label in the reader's language, over the given dictionaries (the registry's). Dictionaries are
 * data an administrator may edit: a label still reading as seeded is the product's own and is shown translated; a
 * renamed one, or an item of a dictionary the registry does not declare, is shown as written.
 */
export function dictLabelsOf(dictionaries: readonly ProductDict[]) {
  const seededLabels = new Map(dictionaries.flatMap((entry) => entry.items.map((item) => [`${entry.code}\u0000${item.key}`, item.label] as const)));
  return (language: string, code: string, key: string | number, stored: string): string => {
    if (language.startsWith('zh')) return stored;
    const seeded = seededLabels.get(`${code}\u0000${String(key)}`);
    return seeded && seeded.zh === stored ? seeded.en : stored;
  };
}
