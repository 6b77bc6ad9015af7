import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const codeMessages: ResourceMessages = {
  zh: {
    'code.quick.open': '由物理表生成',
    'code.quick.title': '按数据源和物理表新建代码生成配置',
    'code.quick.datasource': '数据源',
    'code.quick.datasourceRequired': '请选择数据源',
    'code.quick.table': '物理表名',
    'code.quick.tableRequired': '请选择物理表名',
    'code.quick.modelClass': '模型类名',
    'code.quick.modelClassRequired': '请输入模型类名',
    'code.quick.modelCode': '模型编号',
    'code.quick.modelCodeRequired': '请输入模型编号',
    'code.quick.created': '已新建数据模型和代码生成配置',
  },
  en: {
    'code.quick.open': 'From a table',
    'code.quick.title': 'New configuration from a datasource table',
    'code.quick.datasource': 'Datasource',
    'code.quick.datasourceRequired': 'Choose a datasource',
    'code.quick.table': 'Table',
    'code.quick.tableRequired': 'Choose a table',
    'code.quick.modelClass': 'Class name',
    'code.quick.modelClassRequired': 'Enter the class name',
    'code.quick.modelCode': 'Model code',
    'code.quick.modelCodeRequired': 'Enter the model code',
    'code.quick.created': 'Data model and configuration created',
  },
};
