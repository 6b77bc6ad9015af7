import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const testcaseMessages: ResourceMessages = {
  zh: {
    'testcase.import.title': '导入测试用例',
    'testcase.import.template': '下载导入模板',
    'testcase.import.log': '查看导入检查日志',
    'testcase.import.pick': '点击或拖拽 .xlsx 文件到此处进行检查',
    'testcase.import.checking': '正在检查…',
    'testcase.import.summary': '批次 {{bathNo}}：共 {{total}} 行，有效 {{valid}} 行',
    'testcase.import.row': '行',
    'testcase.import.column': '列',
    'testcase.import.message': '错误',
    'testcase.import.confirm': '确认导入',
    'testcase.import.done': '已导入 {{count}} 条用例',
  },
  en: {
    'testcase.import.title': 'Import test cases',
    'testcase.import.template': 'Download the template',
    'testcase.import.log': 'Open the import-check log',
    'testcase.import.pick': 'Click or drop an .xlsx file here to check it',
    'testcase.import.checking': 'Checking…',
    'testcase.import.summary': 'Batch {{bathNo}}: {{total}} rows, {{valid}} valid',
    'testcase.import.row': 'Row',
    'testcase.import.column': 'Column',
    'testcase.import.message': 'Error',
    'testcase.import.confirm': 'Import',
    'testcase.import.done': '{{count}} cases imported',
  },
};
