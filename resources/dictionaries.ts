import type { LocalizedText } from './types';

/**
 * The product's own dictionaries, seeded on first start (in Chinese, as BladeX stores them) and shown in English in
 * English mode. Pure data, read by the server's seed and by the UI. Item order is the `sort` order (1-based, as
 * listed). Keys are strings on the wire.
 *
 * The test-management dictionaries stay in the system dictionary: the spec's screens look them up "by code" through
 * `/api/blade-system/dict/dictionary`, and system rows are visible to every tenant.
 */

export interface ProductDictItem {
  key: string;
  label: LocalizedText;
  remark?: string;
}

export interface ProductDict {
  code: string;
  name: string;
  biz: boolean;
  items: ProductDictItem[];
}

type Item = [key: string, zh: string, en: string, remark?: string];

function dict(code: string, name: string, items: Item[], biz = false): ProductDict {
  return {
    code,
    name,
    biz,
    items: items.map(([key, zh, en, remark]) => (remark === undefined ? { key, label: { zh, en } } : { key, label: { zh, en }, remark })),
  };
}

/** Maintenance states of terminals, tool devices and test objects; 1 is the usable state pickers filter on. */
const MAINTENANCE: Item[] = [
  ['1', '正常', 'Normal'],
  ['2', '维护中', 'Under maintenance'],
  ['3', '故障', 'Faulty'],
  ['4', '已报废', 'Scrapped'],
];

/** Audit states of test cases and scripts; pickers offer only 1 (approved). */
const AUDIT: Item[] = [
  ['0', '待审核', 'Pending review'],
  ['1', '审核通过', 'Approved'],
  ['2', '审核驳回', 'Rejected'],
];

export const productDictionaries: ProductDict[] = [
  // --- BladeX system dictionaries -------------------------------------------------------------------------------
  dict('sex', '性别', [
    ['1', '男', 'Male'],
    ['2', '女', 'Female'],
    ['3', '未知', 'Unknown'],
  ]),
  dict('notice', '通知类型', [
    ['1', '发布通知', 'Announcement'],
    ['2', '批转通知', 'Approved circular'],
    ['3', '转发通知', 'Forwarded notice'],
    ['4', '指示通知', 'Instruction'],
    ['5', '任免通知', 'Appointment'],
    ['6', '事务通知', 'Affairs notice'],
  ]),
  dict('menu_category', '菜单类型', [
    ['1', '菜单', 'Menu'],
    ['2', '按钮', 'Button'],
  ]),
  // 0: a menu, not a button (what every category-1 menu stores): named, so a menu's 按钮功能 reads 无, not 0.
  dict('button_func', '按钮功能', [
    ['0', '无', 'None'],
    ['1', '工具栏', 'Toolbar'],
    ['2', '操作栏', 'Row actions'],
    ['3', '工具操作栏', 'Toolbar and row actions'],
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
  ]),
  dict('org_category', '机构类型', [
    ['1', '公司', 'Company'],
    ['2', '部门', 'Department'],
    ['3', '小组', 'Team'],
  ]),
  dict('data_scope_type', '数据权限', [
    ['1', '全部可见', 'All'],
    ['2', '本人可见', 'Own only'],
    ['3', '所在机构可见', 'Own department'],
    ['4', '所在机构及子级可见', 'Own department and below'],
    ['5', '自定义', 'Custom'],
  ]),
  dict('api_scope_type', '接口权限', [
    ['1', '系统接口', 'System API'],
    ['2', '业务接口', 'Business API'],
  ]),
  dict('scope_category', '权限类型', [
    ['1', '数据权限', 'Data scope'],
    ['2', '接口权限', 'API scope'],
  ]),
  dict('oss', '对象存储类型', [
    ['1', 'minio', 'minio'],
    ['2', '七牛云', 'Qiniu'],
    ['3', '阿里云', 'Alibaba Cloud'],
    ['4', '腾讯云', 'Tencent Cloud'],
    ['5', '华为云', 'Huawei Cloud'],
  ]),
  dict('sms', '短信服务类型', [
    ['1', '云片', 'Yunpian'],
    ['2', '七牛云', 'Qiniu'],
    ['3', '阿里云', 'Alibaba Cloud'],
    ['4', '腾讯云', 'Tencent Cloud'],
  ]),
  dict('post_category', '岗位类型', [
    ['1', '高层', 'Senior'],
    ['2', '中层', 'Middle'],
    ['3', '基层', 'Junior'],
    ['4', '其他', 'Other'],
  ]),
  dict('user_type', '用户平台', [
    ['1', 'WEB', 'WEB'],
    ['2', 'APP', 'APP'],
    ['3', 'OTHER', 'OTHER'],
  ]),
  dict('region_level', '区划层级', [
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
  dict('project_status', '项目状态', [
    ['0', '未开始', 'Not started'],
    ['1', '进行中', 'In progress'],
    ['2', '已暂停', 'Paused'],
    ['3', '已完成', 'Completed'],
    ['4', '已关闭', 'Closed'],
  ]),
  dict('task_type', '任务类型', [
    ['1', '功能测试', 'Functional test'],
    ['2', '回归测试', 'Regression test'],
    ['3', '冒烟测试', 'Smoke test'],
    ['4', '性能测试', 'Performance test'],
    ['5', '稳定性测试', 'Stability test'],
  ]),
  // Keys as resources/task/runStatus.ts; 5 and 6 came with real runs (stored tasks keep 0..4).
  dict('task_run_status', '任务运行状态', [
    ['0', '未开始', 'Not started'],
    ['5', '排队中', 'Queued'],
    ['1', '运行中', 'Running'],
    ['2', '已暂停', 'Paused'],
    ['3', '已完成', 'Completed'],
    ['6', '已失败', 'Failed'],
    ['4', '已终止', 'Terminated'],
  ]),
  dict('task_execution_status', '任务执行状态', [
    ['0', '待执行', 'Waiting'],
    ['1', '执行中', 'Running'],
    ['2', '执行成功', 'Succeeded'],
    ['3', '执行失败', 'Failed'],
    ['4', '已取消', 'Cancelled'],
  ]),
  dict('terminal_running_status', '终端运行状态', [
    ['0', '离线', 'Offline'],
    ['1', '空闲', 'Idle'],
    ['2', '运行中', 'Running'],
    ['3', '异常', 'Faulty'],
  ]),
  dict('terminal_maintenance_status', '终端维护状态', MAINTENANCE),
  dict('autotest_maintenance_status', '自动化测试维护状态', MAINTENANCE),
  dict('test_object_maintenance_status', '测试对象维护状态', MAINTENANCE),
  dict('test_object_device_type', '测试对象设备类型', [
    ['1', '整机', 'Complete unit'],
    ['2', '控制器', 'Controller'],
    ['3', '板卡', 'Board'],
    ['4', '模组', 'Module'],
    ['9', '其他', 'Other'],
  ]),
  dict('tool_device_type', '工具设备类型', [
    ['1', '示波器', 'Oscilloscope'],
    ['2', '万用表', 'Multimeter'],
    ['3', '程控电源', 'Programmable power supply'],
    ['4', '总线分析仪', 'Bus analyser'],
    ['5', '调试器', 'Debugger'],
    ['9', '其他', 'Other'],
  ]),
  dict('test_case_priority', '用例优先级', [
    ['1', '高', 'High'],
    ['2', '中', 'Medium'],
    ['3', '低', 'Low'],
  ]),
  dict('test_case_audit_status', '用例审核状态', AUDIT),
  dict('test_script_audit_status', '脚本审核状态', AUDIT),
  dict('ownership_type', '归属类型', [
    ['0', '公共', 'Public'],
    ['1', '项目', 'Project'],
  ]),
  dict('script_type', '脚本类型', [['python', 'python', 'python']]),
  dict('import_check_operation_type', '导入检查操作类型', [
    ['1', '导入检查', 'Import check'],
    ['2', '导入上传', 'Import upload'],
  ]),
  dict('import_check_finish_status', '导入检查完成状态', [
    ['0', '检查中', 'Checking'],
    ['1', '检查完成', 'Checked'],
    ['2', '检查失败', 'Check failed'],
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

const seededLabels = new Map(productDictionaries.flatMap((entry) => entry.items.map((item) => [`${entry.code}\u0000${item.key}`, item.label] as const)));

/**
 * A dictionary item's label in the reader's language. Dictionaries are data an administrator may edit: a label still
 * reading as seeded is the product's own and is shown translated; a renamed one, or an item of a dictionary the product
 * does not declare, is shown as written.
 */
export function dictLabelIn(language: string, code: string, key: string | number, stored: string): string {
  if (language.startsWith('zh')) return stored;
  const seeded = seededLabels.get(`${code}\u0000${String(key)}`);
  return seeded && seeded.zh === stored ? seeded.en : stored;
}
