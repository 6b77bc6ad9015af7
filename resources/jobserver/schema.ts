import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * Job apps (spec §2 scheduled jobs, §7 `/api/blade-job/job-server`): the applications jobs belong to. This server
 * schedules every job itself; a job whose processor is external (type 4) is dispatched to its app's address, with
 * the app's name and password as credentials, and only when an administrator allowed that host
 * (`BLADE_OUTBOUND_ALLOW`). The password is write-only. 同步 re-arms the schedule of the app's jobs from now.
 */
export const jobServerSchema: ResourceSchema = {
  name: 'jobserver',
  title: { zh: '任务应用', en: 'Job apps' },
  api: '/api/blade-job/job-server',
  table: 'blade_job_server',
  tenantScoped: true,
  route: '/job/jobserver',
  menu: { parent: 'job', icon: 'CloudServerOutlined', sort: 1 },
  permissionCode: 'jobserver',
  operations: [
    ...CRUD,
    {
      alias: 'sync',
      label: { zh: '同步', en: 'Sync' },
      placement: 'row',
      method: 'POST',
      path: 'sync',
      idIn: 'query',
      icon: 'SyncOutlined',
      confirm: { zh: '确定按当前时间重新计算该应用下所有任务的触发时间?', en: 'Recompute the next trigger time of every job of this app from now?' },
    },
  ],
  form: { mode: 'modal', width: 760 },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    {
      name: 'jobServerName',
      type: 'string',
      label: { zh: '应用名称', en: 'App name' },
      required: '请输入应用名称',
      maxLength: 64,
      unique: '应用名称已存在',
      search: 'like',
      rules: { notBlank: true },
    },
    {
      name: 'jobServerUrl',
      type: 'string',
      label: { zh: '应用地址', en: 'App URL' },
      required: '请输入应用地址',
      maxLength: 500,
      rules: { prefix: ['http://', 'https://'] },
      span: 24,
      width: 240,
    },
    {
      name: 'jobAppName',
      type: 'string',
      label: { zh: '应用标识', en: 'App key' },
      required: '请输入应用标识',
      maxLength: 64,
      search: 'like',
      rules: { code: true },
    },
    {
      name: 'jobAppPassword',
      type: 'string',
      label: { zh: '应用密码', en: 'App password' },
      required: '请输入应用密码',
      maxLength: 100,
      writeOnly: true,
      list: false,
    },
    { name: 'jobRemark', type: 'text', label: { zh: '应用备注', en: 'Remark' }, maxLength: 500, widget: 'textarea', span: 24, width: 200 },
    { name: 'createTime', type: 'datetime', label: { zh: '创建时间', en: 'Created at' }, readOnly: true, width: 170, form: false },
  ],
};
