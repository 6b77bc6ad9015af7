import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RunReportView } from '../task/RunReportView';

/**
 * A record's task code opens the run's per-case results and logs in a dialog. The record's own view route needs the
 * `taskrecord_view` button, which a screen without a menu entry is not seeded with; this way works for every reader.
 */
export function TaskRecordRunLink({ recordId, taskCode }: { recordId: string; taskCode: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" className="task-record-run-link" onClick={() => setOpen(true)} style={{ padding: 0 }}>
        {taskCode}
      </Button>
      <Modal
        open={open}
        title={t('task.run.recordTitle', { code: taskCode })}
        width="80%"
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        className="run-report-modal"
      >
        {open && <RunReportView runKey={{ recordId }} withTrend={false} />}
      </Modal>
    </>
  );
}
