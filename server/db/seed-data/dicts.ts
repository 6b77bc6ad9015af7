/**
 * Dictionaries seeded on first start. Pure data: the server writes each as a root row (`dictKey` "-1", `dictValue`
 * = name) with its items as children, in `blade_dict` (biz false) or per tenant in `blade_dict_biz` (biz true).
 * Item order is the `sort` order (1-based, as listed). Keys are strings on the wire.
 *
 * The test-management dictionaries stay in the system dictionary: the spec's screens look them up "by code" through
 * `/api/blade-system/dict/dictionary`, and system rows are visible to every tenant.
 */

export interface SeedDictItem {
  key: string;
  value: string;
  remark?: string;
}

export interface SeedDict {
  code: string;
  name: string;
  biz: boolean;
  items: SeedDictItem[];
}

function dict(code: string, name: string, items: [key: string, value: string, remark?: string][], biz = false): SeedDict {
  return {
    code,
    name,
    biz,
    items: items.map(([key, value, remark]) => (remark === undefined ? { key, value } : { key, value, remark })),
  };
}

/** Maintenance states of terminals, tool devices and test objects; 1 is the usable state pickers filter on. */
const MAINTENANCE: [string, string][] = [
  ['1', '正常'],
  ['2', '维护中'],
  ['3', '故障'],
  ['4', '已报废'],
];

/** Audit states of test cases and scripts; pickers offer only 1 (approved). */
const AUDIT: [string, string][] = [
  ['0', '待审核'],
  ['1', '审核通过'],
  ['2', '审核驳回'],
];

export const seedDicts: SeedDict[] = [
  // --- BladeX system dictionaries -------------------------------------------------------------------------------
  dict('sex', '性别', [
    ['1', '男'],
    ['2', '女'],
    ['3', '未知'],
  ]),
  dict('notice', '通知类型', [
    ['1', '发布通知'],
    ['2', '批转通知'],
    ['3', '转发通知'],
    ['4', '指示通知'],
    ['5', '任免通知'],
    ['6', '事务通知'],
  ]),
  dict('menu_category', '菜单类型', [
    ['1', '菜单'],
    ['2', '按钮'],
  ]),
  // 0: a menu, not a button (what every category-1 menu stores): named, so a menu's 按钮功能 reads 无, not 0.
  dict('button_func', '按钮功能', [
    ['0', '无'],
    ['1', '工具栏'],
    ['2', '操作栏'],
    ['3', '工具操作栏'],
  ]),
  // 0/1 like isSealed, job enable and device status (BladeX itself seeds 1 否 / 2 是).
  // BladeX numbering: the code generator's defaults (baseMode/wrapMode 2 = 是, feignMode 1 = 否) rely on it.
  dict('yes_no', '是否', [
    ['1', '否'],
    ['2', '是'],
  ]),
  // Flow categories; the remark is the route key of the category's form (spec §3 flow route: code_dictKey → remark).
  dict('flow', '流程类型', [
    ['1', '请假流程', 'leave'],
    ['2', '报销流程', 'expense'],
  ]),
  dict('org_category', '机构类型', [
    ['1', '公司'],
    ['2', '部门'],
    ['3', '小组'],
  ]),
  dict('data_scope_type', '数据权限', [
    ['1', '全部可见'],
    ['2', '本人可见'],
    ['3', '所在机构可见'],
    ['4', '所在机构及子级可见'],
    ['5', '自定义'],
  ]),
  dict('api_scope_type', '接口权限', [
    ['1', '系统接口'],
    ['2', '业务接口'],
  ]),
  dict('scope_category', '权限类型', [
    ['1', '数据权限'],
    ['2', '接口权限'],
  ]),
  dict('oss', '对象存储类型', [
    ['1', 'minio'],
    ['2', '七牛云'],
    ['3', '阿里云'],
    ['4', '腾讯云'],
    ['5', '华为云'],
  ]),
  dict('sms', '短信服务类型', [
    ['1', '云片'],
    ['2', '七牛云'],
    ['3', '阿里云'],
    ['4', '腾讯云'],
  ]),
  dict('post_category', '岗位类型', [
    ['1', '高层'],
    ['2', '中层'],
    ['3', '基层'],
    ['4', '其他'],
  ]),
  dict('user_type', '用户平台', [
    ['1', 'WEB'],
    ['2', 'APP'],
    ['3', 'OTHER'],
  ]),
  dict('region_level', '区划层级', [
    ['1', '省份'],
    ['2', '地市'],
    ['3', '区县'],
    ['4', '乡镇'],
    ['5', '村委'],
  ]),
  dict('status', '状态', [
    ['0', '停用'],
    ['1', '启用'],
  ]),

  // --- Job scheduling (spec §9) ---------------------------------------------------------------------------------
  dict('job_time_expression_type', '定时类型', [
    ['1', 'API'],
    ['2', 'CRON'],
    ['3', '固定频率(毫秒)'],
    ['4', '固定延迟(毫秒)'],
    ['5', '工作流'],
  ]),
  dict('job_execute_type', '执行类型', [
    ['1', '单机执行'],
    ['2', '广播执行'],
    ['3', 'MapReduce'],
  ]),
  dict('job_processor_type', '处理器类型', [
    ['1', '内置处理器'],
    ['4', '外部处理器(动态加载)'],
  ]),
  dict('job_dispatch_strategy', '派发策略', [
    ['1', 'HEALTH_FIRST'],
    ['2', 'RANDOM'],
  ]),
  dict('job_log_type', '日志类型', [
    ['1', 'ONLINE'],
    ['2', 'LOCAL'],
    ['3', 'STDOUT'],
    ['4', 'LOCAL_AND_ONLINE'],
    ['999', 'NULL'],
  ]),
  dict('job_log_level', '日志级别', [
    ['1', 'DEBUG'],
    ['2', 'INFO'],
    ['3', 'WARN'],
    ['4', 'ERROR'],
    ['99', 'OFF'],
  ]),
  dict('job_enable', '任务状态', [
    ['0', '暂停'],
    ['1', '开启'],
  ]),

  // --- Code generation (spec §9) --------------------------------------------------------------------------------
  dict('template_type', '模板类型', [
    ['crud', '单表'],
    ['sub', '主子表'],
    ['tree', '树表'],
  ]),
  dict('code_style', '代码风格', [
    ['saber', 'saber'],
    ['element', 'element'],
  ]),
  dict('entity_type', '实体类型', [
    ['String', 'String'],
    ['Integer', 'Integer'],
    ['Long', 'Long'],
    ['Double', 'Double'],
    ['BigDecimal', 'BigDecimal'],
    ['Boolean', 'Boolean'],
    ['Date', 'Date'],
  ]),
  dict('component_type', '组件类型', [
    ['input', '单行文本'],
    ['textarea', '多行文本'],
    ['editor', '富文本'],
    ['select', '下拉选择'],
    ['tree', '树形选择'],
    ['radio', '单选框'],
    ['checkbox', '多选框'],
    ['switch', '开关'],
    ['date', '日期'],
  ]),
  dict('query_type', '查询类型', [
    ['equal', '等于'],
    ['notequal', '不等于'],
    ['gt', '大于'],
    ['ge', '大于等于'],
    ['lt', '小于'],
    ['le', '小于等于'],
    ['between', '介于'],
    ['like', '模糊'],
    ['likeleft', '左模糊'],
    ['likeright', '右模糊'],
  ]),

  // --- Test management --------------------------------------------------------------------------------------------
  dict('project_status', '项目状态', [
    ['0', '未开始'],
    ['1', '进行中'],
    ['2', '已暂停'],
    ['3', '已完成'],
    ['4', '已关闭'],
  ]),
  dict('task_type', '任务类型', [
    ['1', '功能测试'],
    ['2', '回归测试'],
    ['3', '冒烟测试'],
    ['4', '性能测试'],
    ['5', '稳定性测试'],
  ]),
  // Keys as resources/task/runStatus.ts; 5 and 6 came with real runs (stored tasks keep 0..4).
  dict('task_run_status', '任务运行状态', [
    ['0', '未开始'],
    ['5', '排队中'],
    ['1', '运行中'],
    ['2', '已暂停'],
    ['3', '已完成'],
    ['6', '已失败'],
    ['4', '已终止'],
  ]),
  dict('task_execution_status', '任务执行状态', [
    ['0', '待执行'],
    ['1', '执行中'],
    ['2', '执行成功'],
    ['3', '执行失败'],
    ['4', '已取消'],
  ]),
  dict('terminal_running_status', '终端运行状态', [
    ['0', '离线'],
    ['1', '空闲'],
    ['2', '运行中'],
    ['3', '异常'],
  ]),
  dict('terminal_maintenance_status', '终端维护状态', MAINTENANCE),
  dict('autotest_maintenance_status', '自动化测试维护状态', MAINTENANCE),
  dict('test_object_maintenance_status', '测试对象维护状态', MAINTENANCE),
  dict('test_object_device_type', '测试对象设备类型', [
    ['1', '整机'],
    ['2', '控制器'],
    ['3', '板卡'],
    ['4', '模组'],
    ['9', '其他'],
  ]),
  dict('tool_device_type', '工具设备类型', [
    ['1', '示波器'],
    ['2', '万用表'],
    ['3', '程控电源'],
    ['4', '总线分析仪'],
    ['5', '调试器'],
    ['9', '其他'],
  ]),
  dict('test_case_priority', '用例优先级', [
    ['1', '高'],
    ['2', '中'],
    ['3', '低'],
  ]),
  dict('test_case_audit_status', '用例审核状态', AUDIT),
  dict('test_script_audit_status', '脚本审核状态', AUDIT),
  dict('ownership_type', '归属类型', [
    ['0', '公共'],
    ['1', '项目'],
  ]),
  dict('script_type', '脚本类型', [['python', 'python']]),
  dict('import_check_operation_type', '导入检查操作类型', [
    ['1', '导入检查'],
    ['2', '导入上传'],
  ]),
  dict('import_check_finish_status', '导入检查完成状态', [
    ['0', '检查中'],
    ['1', '检查完成'],
    ['2', '检查失败'],
  ]),

  // --- Business dictionary (per tenant, dict-biz) -----------------------------------------------------------------
  dict(
    'leave_type',
    '请假类型',
    [
      ['1', '事假'],
      ['2', '病假'],
      ['3', '年假'],
      ['4', '调休'],
    ],
    true,
  ),
];
