import { DELETE, VIEW } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * Attachments (spec §1 resources, §7 `/api/blade-resource/attach`): every file stored through `put-file` (avatars,
 * files uploaded here). Listed, uploaded, downloaded and deleted; a deleted file is no longer served.
 */
export const attachSchema: ResourceSchema = {
  name: 'attach',
  title: { zh: '附件管理', en: 'Attachments' },
  api: '/api/blade-resource/attach',
  table: 'blade_attach',
  tableOwner: 'migration',
  tenantScoped: true,
  route: '/resource/attach',
  menu: { parent: 'resource', icon: 'PaperClipOutlined', sort: 3 },
  permissionCode: 'attach',
  operations: [
    { alias: 'upload', label: { zh: '上传', en: 'Upload' }, placement: 'toolbar', icon: 'UploadOutlined' },
    { alias: 'download', label: { zh: '下载', en: 'Download' }, placement: 'row', icon: 'DownloadOutlined' },
    DELETE,
    VIEW,
  ],
  form: { mode: 'modal', width: '50%' },
  fields: [
    { name: 'originalName', type: 'string', label: { zh: '附件原名', en: 'File name' }, maxLength: 500, search: 'like', width: 260, span: 24 },
    { name: 'extension', type: 'string', label: { zh: '附件拓展名', en: 'Extension' }, maxLength: 32, search: 'equal', width: 110 },
    { name: 'attachSize', type: 'int', label: { zh: '附件大小', en: 'Size' }, width: 110 },
    { name: 'link', type: 'string', label: { zh: '附件地址', en: 'Link' }, maxLength: 1000, width: 320, span: 24 },
    { name: 'name', type: 'string', label: { zh: '附件名称', en: 'Stored name' }, maxLength: 500, list: false, span: 24 },
    { name: 'domainUrl', type: 'string', label: { zh: '附件域名', en: 'Domain' }, maxLength: 500, list: false },
    { name: 'createTime', type: 'datetime', label: { zh: '上传时间', en: 'Uploaded at' }, readOnly: true, search: 'dateRange', width: 170 },
  ],
};
