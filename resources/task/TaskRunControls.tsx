import { CaretRightOutlined, PauseOutlined, StopOutlined, StepForwardOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Progress, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../providers/access';
import type { SectionProps } from '../../src/components/crud/descriptor';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { operationCode } from '../types';
import { runCalls, useFollowRun, useRunDetail, useTaskRuns, type TaskRunDetail } from './runApi';
import { elapsedSeconds, isCaseDone, RUN_STATUS_COLORS } from './runDisplay';
import { canRun, isActive, toRunStatus, type RunAction, type RunStatus } from './runStatus';
import './taskRun.css';

const SUCCESS_KEYS: Record<Exclude<RunAction, 'pickUp' | 'finish'>, string> = {
  start: 'task.run.started',
  pause: 'task.run.paused',
  resume: 'task.run.resumed',
  end: 'task.run.ended',
};

/** Which run buttons are enabled in `status`, as the run state machine allows (pause and resume share one button). */
export function runButtons(status: RunStatus) {
  const resumable = canRun(status, 'resume');
  return {
    start: canRun(status, 'start'),
    pauseOrResume: resumable ? ('resume' as const) : ('pause' as const),
    pauseOrResumeEnabled: resumable || canRun(status, 'pause'),
    end: canRun(status, 'end'),
  };
}

/** The latest run's state in one line: status, time so far (or taken), cases done. */
function RunState({ run, status }: { run: TaskRunDetail | undefined; status: RunStatus }) {
  const { t } = useTranslation();
  const active = isActive(status);
  const [now, setNow] = useState(() => Date.now());
  // The elapsed time counts on between two reads of the run.
  useEffect(() => {
    setNow(Date.now());
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active, run]);
  if (!run) return <span className="run-controls__state">{t('task.run.noRuns')}</span>;
  const done = run.cases.filter((item) => isCaseDone(item.caseStatus)).length;
  const total = run.cases.length;
  const seconds = active ? elapsedSeconds(run.startTime, now) : Math.max(0, run.duration);
  return (
    <span className="run-controls__state" data-testid="run-state">
      <span>{t(active ? 'task.run.current' : 'task.run.lastRun')}</span>
      <Tag color={RUN_STATUS_COLORS[toRunStatus(run.runStatus)]}>{t(`task.run.status.${toRunStatus(run.runStatus)}`)}</Tag>
      <span>{t(active ? 'task.run.elapsed' : 'task.run.tookSeconds', { seconds })}</span>
      <span>{t('task.run.caseProgress', { done, total })}</span>
      <Progress className="run-controls__progress" size="small" percent={total ? Math.round((done * 100) / total) : 0} showInfo={false} />
    </span>
  );
}

/**
 * Start, pause/resume and end of the task's run, enabled as the run state machine allows for the stored run status,
 * with the latest run's progress beside them. While a run is active only its progress is polled; when it moved, the
 * task, its runs and the latest run are read again (useFollowRun), so the drawer's state, times and cases follow the
 * agents' work, and a run that ended shows its last cases.
 */
export function TaskRunControls({ schema, mode, id, record }: SectionProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { call } = useResourceCall();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState<RunAction>();
  const status = toRunStatus(record?.runStatus);
  useFollowRun(mode === 'create' ? undefined : id, status, isActive(status));
  const runs = useTaskRuns(id, { current: 1, size: 1 }, status);
  const lastRunId = runs.result.data[0]?.id;
  const latest = useRunDetail(lastRunId === undefined ? undefined : { id: lastRunId }, status);

  if (mode === 'create' || id === undefined) return null;
  const allowed = hasPermission(operationCode(schema, 'execute'));
  const buttons = runButtons(status);

  const act = (action: Exclude<RunAction, 'pickUp' | 'finish'>) => {
    const perform = async () => {
      setBusy(action);
      try {
        // The call re-reads the task, its runs and reports.
        await call(action === 'start' ? runCalls.execute([id]) : runCalls[action](id));
        void message.success(t(SUCCESS_KEYS[action]));
      } catch {
        // The http layer showed the server's message (a refused transition names both states); the drawer was
        // behind the run's real state, so it reads it again.
        void invalidate({ resource: schema.name, invalidates: ['resourceAll'] });
      } finally {
        setBusy(undefined);
      }
    };
    if (action === 'start' || action === 'end') {
      modal.confirm({
        title: t('crud.confirmTitle'),
        content: t(action === 'start' ? 'task.run.confirmStart' : 'task.run.confirmEnd'),
        okText: t('crud.ok'),
        cancelText: t('crud.cancel'),
        onOk: perform,
      });
    } else void perform();
  };

  const pauseOrResume = buttons.pauseOrResume;
  return (
    <div className="run-controls" data-testid="run-controls">
      {allowed && (
        <Space wrap>
          <Button type="primary" icon={<CaretRightOutlined />} disabled={!buttons.start} loading={busy === 'start'} onClick={() => act('start')}>
            {t('task.run.start')}
          </Button>
          <Button
            icon={pauseOrResume === 'resume' ? <StepForwardOutlined /> : <PauseOutlined />}
            disabled={!buttons.pauseOrResumeEnabled}
            loading={busy === pauseOrResume}
            onClick={() => act(pauseOrResume)}
          >
            {t(`task.run.${pauseOrResume}`)}
          </Button>
          <Button danger icon={<StopOutlined />} disabled={!buttons.end} loading={busy === 'end'} onClick={() => act('end')}>
            {t('task.run.end')}
          </Button>
        </Space>
      )}
      <RunState run={lastRunId === undefined ? undefined : latest.result} status={status} />
    </div>
  );
}
