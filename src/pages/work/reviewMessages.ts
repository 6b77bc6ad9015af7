import { registerMessages } from '../../../providers/i18n';

/** Messages of the review of test cases and scripts: its handle and detail routes and the drawers' review section. */
registerMessages({
  zh: {
    'work.review.item': '送审内容',
    'work.review.testcase': '测试用例',
    'work.review.testscript': '测试脚本',
    'work.review.approval': '审核意见',
    'work.review.commentPlaceholder': '请输入审核意见',
    'work.review.pass': '通过',
    'work.review.return': '驳回',
    'work.review.submitted': '流程提交成功',
    'work.review.state': '审核进度',
    'work.review.diagram': '流程图',
    'work.review.none': '尚未送审',
    'work.review.startHint': '审核流程由测试用例或测试脚本的「送审」发起',
    'work.review.openCases': '测试用例',
    'work.review.openScripts': '测试脚本',
  },
  en: {
    'work.review.item': 'Item under review',
    'work.review.testcase': 'Test case',
    'work.review.testscript': 'Test script',
    'work.review.approval': 'Review comment',
    'work.review.commentPlaceholder': 'Enter a review comment',
    'work.review.pass': 'Approve',
    'work.review.return': 'Return',
    'work.review.submitted': 'Submitted',
    'work.review.state': 'Progress',
    'work.review.diagram': 'Diagram',
    'work.review.none': 'Not sent for review yet',
    'work.review.startHint': 'A review starts from 送审 (Send for review) on a test case or a test script',
    'work.review.openCases': 'Test cases',
    'work.review.openScripts': 'Test scripts',
  },
});
