import { useCustomMutation } from '@refinedev/core';
import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FlowHistoryCard } from './LeaveParts';
import { ReviewDiagramCard, ReviewItemCard } from './ReviewParts';
import { useReviewDetail } from './reviewApi';
import { FLOW_API } from './workApi';

/**
 * A case or script under review, read-only, with the review's history and diagram; under `handle` the reviewer also
 * writes a comment and passes (通过) or returns (驳回) it, which completes the task and sets its audit status.
 */
export default function ReviewTaskPage({ mode }: { mode: 'handle' | 'detail' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { taskId, processInstanceId } = useParams();
  const detail = useReviewDetail(processInstanceId);
  const review = detail.data?.data;
  const [comment, setComment] = useState('');
  const { mutate, mutation } = useCustomMutation();

  const complete = (pass: boolean) =>
    mutate(
      {
        url: `${FLOW_API}/work/complete-task`,
        method: 'post',
        values: { taskId, processInstanceId, pass, flag: pass ? 'ok' : '', comment: comment.trim() || t(pass ? 'work.review.pass' : 'work.review.return') },
        successNotification: () => ({ message: t('work.review.submitted'), type: 'success' }),
        errorNotification: false,
      },
      { onSuccess: () => void navigate('/work/todo') },
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className={`review-${mode}`}>
      <ReviewItemCard resource={review?.resource} record={review?.record} flow={review?.flow} loading={detail.isLoading} />
      {mode === 'handle' && (
        <Card variant="borderless" title={t('work.review.approval')}>
          <Form layout="vertical">
            <Form.Item label={t('work.history.comment')}>
              <Input.TextArea rows={3} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} placeholder={t('work.review.commentPlaceholder')} />
            </Form.Item>
            <Space>
              <Button type="primary" loading={mutation.isPending} onClick={() => complete(true)}>
                {t('work.review.pass')}
              </Button>
              <Button danger loading={mutation.isPending} onClick={() => complete(false)}>
                {t('work.review.return')}
              </Button>
              <Button onClick={() => void navigate(-1)}>{t('work.actions.back')}</Button>
            </Space>
          </Form>
        </Card>
      )}
      <FlowHistoryCard processInstanceId={processInstanceId} />
      <ReviewDiagramCard processInstanceId={processInstanceId} />
      {mode === 'detail' && <Button onClick={() => void navigate(-1)}>{t('work.actions.back')}</Button>}
    </Space>
  );
}
