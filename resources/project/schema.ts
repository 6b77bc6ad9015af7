import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { projectStatusDict } from './dicts';

/** Test projects and their members (spec §2 project list, §3 Project, §5 messages, §7 blade-project + projectUserRel). */
export const projectSchema: ResourceSchema = {
  name: 'project',
  title: { zh: '项目管理', en: 'Projects' },
  dictionaries: [projectStatusDict],
  api: '/gateway/blade-project/project',
  table: 'blade_project',
  tenantScoped: true,
  route: '/test/project',
  menu: { parent: 'test', icon: 'ProjectOutlined', sort: 1 },
  permissionCode: 'project',
  operations: CRUD,
  form: { mode: 'drawer', width: '90%' },
  sections: [
    { key: 'basic', label: { zh: '基本信息', en: 'Basic info' } },
    { key: 'members', label: { zh: '项目成员', en: 'Project members' } },
  ],
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    { name: 'projectCode', type: 'string', label: { zh: '项目编号', en: 'Project code' }, required: '请输入项目编号', maxLength: 64, search: 'like', sortable: true, unique: '项目编号已存在', rules: { notBlank: true } },
    { name: 'projectName', type: 'string', label: { zh: '项目名称', en: 'Project name' }, required: '请输入项目名称', maxLength: 128, search: 'like', width: 200, rules: { notBlank: true } },
    {
      // The project's own state replaces the generic audit `status` column (BladeX keeps it there too).
      name: 'status',
      type: 'int',
      label: { zh: '项目状态', en: 'Status' },
      required: '请选择项目状态',
      dict: { code: 'project_status', as: 'statusStr' },
      search: 'equal',
    },
    {
      name: 'managerId',
      type: 'id',
      label: { zh: '负责人', en: 'Manager' },
      required: '请选择负责人',
      ref: { resource: 'user', label: 'realName', as: 'managerName', endpoint: 'pageV2', searchParam: 'realName', query: { status: 1 } },
      list: false,
    },
    { name: 'managerName', type: 'string', label: { zh: '负责人', en: 'Manager' }, virtual: true, readOnly: true, form: false, search: 'like' },
    { name: 'startDate', type: 'date', label: { zh: '开始日期', en: 'Start date' } },
    { name: 'endDate', type: 'date', label: { zh: '结束日期', en: 'End date' }, rules: { notBefore: 'startDate' } },
    { name: 'createUser', type: 'id', label: { zh: '创建人', en: 'Creator' }, readOnly: true, list: false, form: false, ref: { resource: 'user', label: 'realName', as: 'createUserName' } },
    { name: 'createUserName', type: 'string', label: { zh: '创建人', en: 'Creator' }, virtual: true, readOnly: true, form: false, search: 'like' },
    { name: 'createTime', type: 'datetime', label: { zh: '创建时间', en: 'Created at' }, readOnly: true, form: false },
    { name: 'description', type: 'text', label: { zh: '项目描述', en: 'Description' }, maxLength: 1000, span: 24, list: false },
  ],
  links: [
    {
      name: 'projectMembers',
      table: 'blade_project_user_rel',
      parentKey: 'project_id',
      targetKey: 'user_id',
      target: 'user',
      label: { zh: '项目成员', en: 'Project members' },
      section: 'members',
      endpoints: {
        list: '/gateway/blade-projectuserrel/projectUserRel/list',
        save: '/gateway/blade-project/project/batchSaveUserRel',
        remove: '/gateway/blade-project/project/batchDeleteUserRel',
        details: '/api/blade-system/user/batchQueryUserInfo',
      },
      // Spec §3 projectMembers; a new project is saved with the members picked before its first save.
      columns: ['account', 'tenantName', 'realName', 'roleName', 'deptName', 'userTypeName'],
      childRows: { name: 'childUserList', label: { zh: '下级用户', en: 'Child users' }, columns: ['account', 'realName', 'deptName'] },
    },
  ],
};
