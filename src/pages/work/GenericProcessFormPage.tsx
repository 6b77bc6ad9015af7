import { useCustomMutation } from '@refinedev/core';
import { Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import FlowDiagram from '../../components/flow/FlowDiagram';
import './genericMessages';
import { FLOW_API } from './workApi';

interface StartValues {
  title: string;
  reason?: string;
}

/**
 * The start form of a deployed process without a form of its own (a model drawn in 模型设计): a title and a reason,
 * passed to the process as its variables, with the process's diagram beside.
 */
export default function GenericProcessFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { processDefinitionId = '' } = useParams();
  const { mutate, mutation } = useCustomMutation();

  const submit = (values: StartValues) =>
    mutate(
      {
        url: `${FLOW_API}/work/start-process`,
        method: 'post',
        values: { processDefinitionId, variables: { title: values.title.trim(), reason: values.reason?.trim() ?? '' } },
        successNotification: () => ({ message: t('work.leave.submitted'), type: 'success' }),
        errorNotification: false,
      },
      { onSuccess: () => void navigate('/work/send') },
    );

  return (
    <Row gutter={16} className="generic-process-form">
      <Col xs={24} xl={10}>
        <Card variant="borderless" title={t('work.generic.formTitle')}>
          <Form<StartValues> layout="vertical" onFinish={submit}>
            <Form.Item
              name="title"
              label={t('work.generic.title')}
              rules={[
                { required: true, whitespace: true, message: t('work.generic.titleRequired') },
                { max: 255, message: t('work.generic.titleTooLong') },
              ]}
            >
              <Input placeholder={t('work.generic.titleRequired')} />
            </Form.Item>
            <Form.Item name="reason" label={t('work.generic.reason')} rules={[{ max: 2000, message: t('work.generic.reasonTooLong') }]}>
              <Input.TextArea rows={4} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={mutation.isPending}>
                {t('work.actions.submit')}
              </Button>
              <Button onClick={() => void navigate(-1)}>{t('work.actions.back')}</Button>
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card variant="borderless" title={t('flow.diagram.title')}>
          <FlowDiagram processDefinitionId={processDefinitionId} height={420} />
        </Card>
      </Col>
    </Row>
  );
}
