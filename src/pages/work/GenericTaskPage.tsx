import { useTranslation } from 'react-i18next';
import './genericMessages';
import { FlowTaskLayout } from './FlowTaskLayout';

/**
 * A task of a process without a form of its own: under `handle` its holder writes a comment and approves (同意) or
 * rejects (驳回) it; both modes show the history and the diagram with the path taken so far.
 */
export default function GenericTaskPage({ mode }: { mode: 'handle' | 'detail' }) {
  const { t } = useTranslation();
  return (
    <FlowTaskLayout
      mode={mode}
      className={`generic-task-${mode}`}
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
