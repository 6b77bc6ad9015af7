import { registerMessages } from '../../providers/i18n';

/** Messages of the attachment screen's own parts, beside the schema's field and operation labels. */
registerMessages({
  zh: {
    'attach.upload.title': '附件上传',
    'attach.upload.pick': '点击或拖拽文件到此处上传',
    'attach.upload.limit': '单个文件不超过10MB',
    'attach.upload.done': '上传成功',
  },
  en: {
    'attach.upload.title': 'Upload attachments',
    'attach.upload.pick': 'Click or drop files here to upload them',
    'attach.upload.limit': 'Up to 10 MB per file',
    'attach.upload.done': 'Uploaded',
  },
});
