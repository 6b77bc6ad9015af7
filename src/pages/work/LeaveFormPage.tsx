import { useCustomMutation } from '@refinedev/core';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFieldOptions } from '../../components/crud/useFieldOptions';
import { LEAVE_TYPE_FIELD } from './LeaveParts';
import { LEAVE_API, leaveDaysBetween, useInvalidateWork } from './workApi';

interface LeaveFormValues {
  leaveType?: string;
  startTime?: Dayjs;
  endTime?: Dayjs;
  reason?: string;
}

/** 请假流程's form: type, dates (days computed), reason; submitting starts the process for the tenant's approvers. */
export default function LeaveFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processDefinitionId = '' } = useParams();
  const [form] = Form.useForm<LeaveFormValues>();
  const types = useFieldOptions(LEAVE_TYPE_FIELD);
  const start = Form.useWatch('startTime', form);
  const end = Form.useWatch('endTime', form);
  const { mutate, mutation } = useCustomMutation();
  const invalidateWork = useInvalidateWork();

  const submit = (values: LeaveFormValues) =>
    mutate(
      {
        url: `${LEAVE_API}/start-process`,
        method: 'post',
        values: {
          processDefinitionId,
          leaveType: values.leaveType,
          startTime: values.startTime?.format('YYYY-MM-DD'),
          endTime: values.endTime?.format('YYYY-MM-DD'),
          reason: values.reason,
        },
        successNotification: () => ({ message: t('work.leave.submitted'), type: 'success' }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          void invalidateWork();
          void navigate('/work/send');
        },
      },
    );

  return (
    <Card variant="borderless" title={t('work.leave.formTitle')} className="leave-form">
      <Form<LeaveFormValues> form={form} layout="horizontal" labelCol={{ span: 4 }} wrapperCol={{ span: 12 }} onFinish={submit}>
        <Form.Item name="leaveType" label={t('work.leave.leaveType')} rules={[{ required: true, message: t('work.leave.leaveTypeRequired') }]}>
          <Select options={types} placeholder={t('work.leave.leaveTypeRequired')} />
        </Form.Item>
        <Form.Item name="startTime" label={t('work.leave.startTime')} rules={[{ required: true, message: t('work.leave.startRequired') }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('work.leave.endTime')}
          dependencies={['startTime']}
          rules={[
            { required: true, message: t('work.leave.endRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value?: Dayjs) => {
                const from = getFieldValue('startTime') as Dayjs | undefined;
                return value && from && value.isBefore(from, 'day') ? Promise.reject(new Error(t('work.leave.endBeforeStart'))) : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('work.leave.days')}>
          <InputNumber value={leaveDaysBetween(start, end)} disabled style={{ width: '100%' }} data-field="days" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('work.leave.reason')}
          rules={[
            { required: true, whitespace: true, message: t('work.leave.reasonRequired') },
            { max: 2000, message: t('work.leave.reasonTooLong') },
          ]}
        >
          <Input.TextArea rows={4} placeholder={t('work.leave.reasonRequired')} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4, span: 12 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t('work.actions.submit')}
            </Button>
            <Button onClick={() => void navigate(-1)}>{t('work.actions.back')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
