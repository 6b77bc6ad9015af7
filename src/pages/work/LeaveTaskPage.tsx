import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FlowTaskLayout } from './FlowTaskLayout';
import { LeaveRecordCard } from './LeaveParts';
import { useLeaveDetail } from './workApi';

/**
 * A leave request read-only (申请信息) with its history (流转记录) and, beside them, its diagram (流程图) with the path
 * taken and where it is now; under `handle` the task's holder also writes a comment and approves (同意) or rejects
 * (驳回) it, which completes the task.
 */
export default function LeaveTaskPage({ mode }: { mode: 'handle' | 'detail' }) {
  const { t } = useTranslation();
  const { businessId } = useParams();
  const detail = useLeaveDetail(businessId);
  return (
    <FlowTaskLayout
      mode={mode}
      className={`leave-${mode} leave-task`}
      diagramClassName="leave-diagram"
      record={<LeaveRecordCard record={detail.data?.data} loading={detail.isLoading} />}
      texts={{
        title: t('work.leave.approval'),
        pass: t('work.actions.pass'),
        reject: t('work.actions.reject'),
        placeholder: t('work.leave.commentPlaceholder'),
        submitted: t('work.leave.submitted'),
      }}
    />
  );
}
