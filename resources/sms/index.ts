import { createElement } from 'react';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { SmsLogToolbar } from './SmsLogToolbar';
import { smsSchema } from './schema';
import { SmsSendDialog } from './SmsSendDialog';
import { SmsStatusTag } from './SmsStatusTag';

/** 短信配置: the generic list and form, the enabled setting tagged, 发送 in a dialog and the send log in a drawer. */
const smsUi: ResourceUiDescriptor = {
  operationDialogs: { send: SmsSendDialog },
  toolbar: SmsLogToolbar,
  columns: { status: { render: (value: unknown) => createElement(SmsStatusTag, { schema: smsSchema, value }) } },
};

export default smsUi;
