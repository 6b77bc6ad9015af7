import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FlowTaskLayout } from './FlowTaskLayout';
import { ReviewItemCard } from './ReviewParts';
import { useReviewDetail } from './reviewApi';

/**
 * A case or script under review, read-only, with the review's history and diagram; under `handle` the reviewer also
 * writes a comment and passes (通过) or returns (驳回) it, which completes the task and sets its audit status.
 */
export default function ReviewTaskPage({ mode }: { mode: 'handle' | 'detail' }) {
  const { t } = useTranslation();
  const { processInstanceId } = useParams();
  const detail = useReviewDetail(processInstanceId);
  const review = detail.data?.data;
  return (
    <FlowTaskLayout
      mode={mode}
      className={`review-${mode}`}
      diagramClassName="review-diagram"
      record={<ReviewItemCard resource={review?.resource} record={review?.record} flow={review?.flow} loading={detail.isLoading} />}
      texts={{
        title: t('work.review.approval'),
        pass: t('work.review.pass'),
        reject: t('work.review.return'),
        placeholder: t('work.review.commentPlaceholder'),
        submitted: t('work.review.submitted'),
      }}
    />
  );
}
