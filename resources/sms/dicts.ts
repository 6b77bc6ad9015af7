import { dict } from '../dictionaries';

/**
 * Where a setting sends its messages (dict `sms`). BladeX's keys for Aliyun (3) and Tencent (4) are kept, so a BladeX
 * database means the same; the recording channel sends nothing and keeps the text in the send log.
 */
export const SMS_CATEGORY = { aliyun: 3, tencent: 4, recording: 5 } as const;

export const smsCategoryDict = dict('sms', '短信服务类型', [
  ['5', '记录通道', 'Recording channel', '只记录在发送记录中,不会发出'],
  ['3', '阿里云', 'Alibaba Cloud'],
  ['4', '腾讯云', 'Tencent Cloud'],
]);

/** `status` of a setting, as BladeX keeps it: 2 the tenant's enabled one, 1 any other. */
export const SMS_STATUS = { disabled: 1, enabled: 2 } as const;
