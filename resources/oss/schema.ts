import { crudOfOneEnabled, enableOperation } from '../operations';
import type { ResourceSchema } from '../types';
import { ossMessages } from './messages';

/** `status` of a setting: BladeX's 是否启用 (2 是: the tenant's uploads go there). */
export const OSS_STATUS = { disabled: 1, enabled: 2 } as const;

/**
 * 对象存储 (spec §1 resources, §7 `/api/blade-resource/oss` plus `POST enable?id`): a tenant's storage settings, the
 * embedded store (category 0) or an S3-compatible service (MinIO, AWS S3, Huawei OBS, Aliyun OSS, Tencent COS through
 * their S3 APIs). One is enabled per tenant; without one, the installation's default store takes the uploads. The
 * secret key is write-only; 测试 puts, reads back and deletes a small object and names what failed.
 */
export const ossSchema: ResourceSchema = {
  name: 'oss',
  title: { zh: '对象存储', en: 'Object storage' },
  messages: ossMessages,
  api: '/api/blade-resource/oss',
  table: 'blade_oss',
  tenantScoped: true,
  route: '/resource/oss',
  menu: { parent: 'resource', icon: 'CloudUploadOutlined', sort: 1 },
  permissionCode: 'oss',
  operations: [
    ...crudOfOneEnabled(OSS_STATUS.enabled),
    enableOperation({ zh: '确定启用该存储配置? 之后的上传都将存入此处', en: 'Enable this storage? Every upload from now on goes there.' }, OSS_STATUS.enabled),
    { alias: 'test', label: { zh: '测试', en: 'Test' }, placement: 'row', method: 'POST', path: 'test', idIn: 'query', icon: 'ApiOutlined' },
  ],
  form: { mode: 'modal', width: 860 },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    {
      name: 'category',
      type: 'int',
      label: { zh: '分类', en: 'Category' },
      required: '请选择分类',
      dict: { code: 'oss', as: 'categoryName' },
      defaultValue: 0,
      search: 'equal',
      width: 120,
    },
    {
      name: 'ossCode',
      type: 'string',
      label: { zh: '资源编号', en: 'Code' },
      required: '请输入资源编号',
      maxLength: 32,
      unique: '资源编号已存在',
      rules: { code: true },
      search: 'like',
      width: 140,
    },
    {
      name: 'endpoint',
      type: 'string',
      label: { zh: '资源地址', en: 'Endpoint' },
      help: { zh: 'S3 兼容服务的地址，如 https://obs.cn-north-4.myhuaweicloud.com；内置存储无需填写', en: 'The S3-compatible endpoint, e.g. https://s3.eu-west-1.amazonaws.com; not needed for the embedded store' },
      maxLength: 255,
      span: 24,
      width: 260,
    },
    { name: 'bucketName', type: 'string', label: { zh: '空间名', en: 'Bucket' }, maxLength: 63, width: 140 },
    { name: 'region', type: 'string', label: { zh: '地域', en: 'Region' }, maxLength: 64, list: false, example: 'us-east-1' },
    { name: 'accessKey', type: 'string', label: { zh: 'accessKey', en: 'Access key' }, maxLength: 255, list: false },
    { name: 'secretKey', type: 'string', label: { zh: 'secretKey', en: 'Secret key' }, maxLength: 255, writeOnly: true, list: false },
    {
      name: 'pathStyle',
      type: 'int',
      label: { zh: '路径风格访问', en: 'Path-style access' },
      help: { zh: 'MinIO 与内网服务通常用路径风格；阿里云、腾讯云用虚拟主机风格', en: 'MinIO and private services usually need path style; Aliyun and Tencent use virtual-hosted style' },
      options: [
        { value: 1, label: { zh: '是', en: 'Yes' } },
        { value: 0, label: { zh: '否', en: 'No' } },
      ],
      widget: 'radio',
      defaultValue: 1,
      span: 24,
      list: false,
    },
    { name: 'remark', type: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, span: 24, list: false },
    {
      name: 'status',
      type: 'int',
      label: { zh: '是否启用', en: 'Enabled' },
      options: [
        { value: OSS_STATUS.disabled, label: { zh: '否', en: 'No' } },
        { value: OSS_STATUS.enabled, label: { zh: '是', en: 'Yes' } },
      ],
      readOnly: true,
      defaultValue: OSS_STATUS.disabled,
      hiddenOn: ['create', 'edit'],
      width: 100,
    },
  ],
};
