import { useCustomMutation } from '@refinedev/core';
import { Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import FlowDiagram from '../../components/flow/FlowDiagram';
import { FlowHistoryCard, LeaveRecordCard } from './LeaveParts';
import { FLOW_API, useInvalidateWork, useLeaveDetail } from './workApi';

/**
 * A leave request read-only (申请信息) with its history (流转记录) and, beside them, its diagram (流程图) with the path
 * taken and where it is now; under `handle` the task's holder also writes a comment and approves (同意) or rejects
 * (驳回) it, which completes the task.
 */
export default function LeaveTaskPage({ mode }: { mode: 'handle' | 'detail' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { taskId, processInstanceId, businessId } = useParams();
  const detail = useLeaveDetail(businessId);
  const [comment, setComment] = useState('');
  const { mutate, mutation } = useCustomMutation();
  const invalidateWork = useInvalidateWork();

  const complete = (pass: boolean) =>
    mutate(
      {
        url: `${FLOW_API}/work/complete-task`,
        method: 'post',
        values: { taskId, processInstanceId, pass, flag: pass ? 'ok' : '', comment: comment.trim() || t(pass ? 'work.actions.pass' : 'work.actions.reject') },
        successNotification: () => ({ message: t('work.leave.submitted'), type: 'success' }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          // 待办事务 and its count no longer hold the task.
          void invalidateWork();
          void navigate('/work/todo');
        },
      },
    );

  return (
    <Row gutter={[16, 16]} className={`leave-${mode} leave-task`}>
      {/* The request (and the approval) on the left, where the task is done; its path beside it. */}
      <Col xs={24} xl={14}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <LeaveRecordCard record={detail.data?.data} loading={detail.isLoading} />
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
      <Col xs={24} xl={10}>
        <Card variant="borderless" title={t('work.diagram.title')} className="leave-diagram">
          <FlowDiagram processInstanceId={processInstanceId} height={440} />
        </Card>
      </Col>
    </Row>
  );
}
