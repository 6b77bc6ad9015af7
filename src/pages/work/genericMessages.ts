import { registerMessages } from '../../../providers/i18n';

/** The generic start form's fields and its tasks' record card (a process without a form of its own). */
registerMessages({
  zh: {
    'work.generic.title': '事务标题',
    'work.generic.titleRequired': '请输入事务标题',
    'work.generic.titleTooLong': '事务标题长度不能超过255个字符',
    'work.generic.reason': '事由',
    'work.generic.reasonTooLong': '事由长度不能超过2000个字符',
    'work.generic.record': '事务信息',
    'work.generic.starter': '发起人',
    'work.generic.startTime': '发起时间',
  },
  en: {
    'work.generic.title': 'Title',
    'work.generic.titleRequired': 'Enter a title',
    'work.generic.titleTooLong': 'The title is at most 255 characters',
    'work.generic.reason': 'Reason',
    'work.generic.reasonTooLong': 'The reason is at most 2000 characters',
    'work.generic.record': 'Request',
    'work.generic.starter': 'Started by',
    'work.generic.startTime': 'Started at',
  },
});
