import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { noticeDict } from './dicts';

/** Notices (spec §1 notice popover, §7 /api/blade-desk/notice): the desk's announcements, per tenant. */
export const noticeSchema: ResourceSchema = {
  name: 'notice',
  title: { zh: '通知公告', en: 'Notices' },
  dictionaries: [noticeDict],
  api: '/api/blade-desk/notice',
  table: 'blade_notice',
  tenantScoped: true,
  route: '/desk/notice',
  menu: { parent: 'desk', icon: 'NotificationOutlined', sort: 1 },
  permissionCode: 'notice',
  operations: CRUD,
  form: { mode: 'modal', width: '60%' },
  defaultSort: { column: 'release_time', order: 'desc' },
  fields: [
    {
      name: 'title',
      type: 'string',
      label: { zh: '通知标题', en: 'Title' },
      required: '请输入通知标题',
      maxLength: 255,
      search: 'like',
      width: 280,
    },
    {
      name: 'category',
      type: 'int',
      label: { zh: '通知类型', en: 'Category' },
      required: '请选择通知类型',
      dict: { code: 'notice', as: 'categoryName' },
      search: 'equal',
    },
    {
      name: 'releaseTime',
      type: 'datetime',
      label: { zh: '通知时间', en: 'Release time' },
      required: '请输入通知时间',
      search: 'dateRange',
    },
    { name: 'content', type: 'text', widget: 'editor', label: { zh: '通知内容', en: 'Content' }, maxLength: 4000, span: 24, list: false },
  ],
};
