import { useCustomMutation } from '@refinedev/core';
import { Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import FlowDiagram from '../../components/flow/FlowDiagram';
import './genericMessages';
import { FlowHistoryCard } from './LeaveParts';
import { FLOW_API } from './workApi';

/**
 * A task of a process without a form of its own: under `handle` its holder writes a comment and approves (同意) or
 * rejects (驳回) it; both modes show the history and the diagram with the path taken so far.
 */
export default function GenericTaskPage({ mode }: { mode: 'handle' | 'detail' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { taskId, processInstanceId } = useParams();
  const [comment, setComment] = useState('');
  const { mutate, mutation } = useCustomMutation();

  const complete = (pass: boolean) =>
    mutate(
      {
        url: `${FLOW_API}/work/complete-task`,
        method: 'post',
        values: { taskId, processInstanceId, pass, flag: pass ? 'ok' : '', comment: comment.trim() || t(pass ? 'work.actions.pass' : 'work.actions.reject') },
        successNotification: () => ({ message: t('work.leave.submitted'), type: 'success' }),
        errorNotification: false,
      },
      { onSuccess: () => void navigate('/work/todo') },
    );

  return (
    <Row gutter={16} className={`generic-task-${mode}`}>
      <Col xs={24} xl={12}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {mode === 'handle' && (
            <Card variant="borderless" title={t('work.leave.approval')}>
              <Form layout="vertical">
                <Form.Item label={t('work.history.comment')}>
                  <Input.TextArea rows={3} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} placeholder={t('work.leave.commentPlaceholder')} />
                </Form.Item>
                <Space>
                  <Button type="primary" loading={mutation.isPending} onClick={() => complete(true)}>
                    {t('work.actions.pass')}
                  </Button>
                  <Button danger loading={mutation.isPending} onClick={() => complete(false)}>
                    {t('work.actions.reject')}
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
      <Col xs={24} xl={12}>
        <Card variant="borderless" title={t('flow.diagram.title')}>
          <FlowDiagram processInstanceId={processInstanceId} height={460} />
        </Card>
      </Col>
    </Row>
  );
}
