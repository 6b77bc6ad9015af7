import { useCustomMutation } from '@refinedev/core';
import { Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import FlowDiagram from '../../components/flow/FlowDiagram';
import { FlowHistoryCard } from './LeaveParts';
import { FLOW_API, useInvalidateWork } from './workApi';

/** What a process's task page calls its decision: the card's title, both buttons, the comment's hint, the toast. */
export interface TaskDecisionTexts {
  title: string;
  pass: string;
  reject: string;
  placeholder: string;
  submitted: string;
}

/**
 * A flow task's page (`handle/:taskId/:processInstanceId/...` and `detail/:processInstanceId/...`): what is decided on
 * and the history on the left, the diagram beside; under `handle` its holder writes a comment and passes or rejects,
 * which completes the task, refreshes 我的事务 and its counts and returns to 待办事务.
 */
export function FlowTaskLayout({
  mode,
  record,
  texts,
  className,
  diagramClassName,
}: {
  mode: 'handle' | 'detail';
  record?: ReactNode;
  texts: TaskDecisionTexts;
  className: string;
  diagramClassName?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { taskId, processInstanceId } = useParams();
  const [comment, setComment] = useState('');
  const { mutate, mutation } = useCustomMutation();
  const invalidateWork = useInvalidateWork();

  const complete = (pass: boolean) =>
    mutate(
      {
        url: `${FLOW_API}/work/complete-task`,
        method: 'post',
        values: { taskId, processInstanceId, pass, flag: pass ? 'ok' : '', comment: comment.trim() || (pass ? texts.pass : texts.reject) },
        successNotification: () => ({ message: texts.submitted, type: 'success' }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          void invalidateWork();
          void navigate('/work/todo');
        },
      },
    );

  return (
    <Row gutter={[16, 16]} className={className}>
      <Col xs={24} xl={14}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {record}
          {mode === 'handle' && (
            <Card variant="borderless" title={texts.title}>
              <Form layout="vertical">
                <Form.Item label={t('work.history.comment')}>
                  <Input.TextArea rows={3} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} placeholder={texts.placeholder} />
                </Form.Item>
                <Space>
                  <Button type="primary" loading={mutation.isPending} onClick={() => complete(true)}>
                    {texts.pass}
                  </Button>
                  <Button danger loading={mutation.isPending} onClick={() => complete(false)}>
                    {texts.reject}
                  </Button>
                  <Button onClick={() => void navigate(-1)}>{t('work.actions.back')}</Button>
                </Space>
              </Form>
            </Card>
          )}
          <FlowHistoryCard processInstanceId={processInstanceId} />
          {mode === 'detail' && <Button onClick={() => void navigate(-1)}>{t('work.actions.back')}</Button>}
        </Space>
      </Col>
      <Col xs={24} xl={10}>
        <Card variant="borderless" title={t('work.diagram.title')} className={diagramClassName}>
          <FlowDiagram processInstanceId={processInstanceId} height={440} />
        </Card>
      </Col>
    </Row>
  );
}
