import { CaretRightOutlined, PauseOutlined, StopOutlined, StepForwardOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Progress, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../providers/access';
import type { SectionProps } from '../../src/components/crud/descriptor';
import { buttonCode } from '../types';
import { runApi, type TaskRunDetail } from './runApi';
import { elapsedSeconds, isCaseDone, RUN_STATUS_COLORS } from './runDisplay';
import { canRun, isActive, toRunStatus, type RunAction, type RunStatus } from './runStatus';
import { useInterval, useRemote } from './useRemote';
import './taskRun.css';

/** While a run goes, the task and its latest run are read this often so the state, times and cases move on screen. */
export const RUN_POLL_MS = 2500;

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
  useInterval(() => setNow(Date.now()), 1000, active);
  useEffect(() => setNow(Date.now()), [run]);
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
 * with the latest run's progress beside them. While a run is active the task is re-read every few seconds, so the
 * drawer's run status, start, end and duration follow the agent's work.
 */
export function TaskRunControls({ schema, mode, id, record }: SectionProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState<RunAction>();
  const status = toRunStatus(record?.runStatus);
  const active = isActive(status);
  const latest = useRemote(
    async () => {
      const runs = await runApi.runs(id!, 1, 1);
      const last = runs.records[0];
      return last ? runApi.runDetail({ id: last.id }) : undefined;
    },
    [id, status],
    id !== undefined,
  );
  const refresh = () => {
    void invalidate({ resource: schema.name, invalidates: ['detail', 'list'], id });
    latest.reload();
  };
  useInterval(refresh, RUN_POLL_MS, active && id !== undefined);

  if (mode === 'create' || id === undefined) return null;
  const allowed = hasPermission(buttonCode(schema.permissionCode, 'execute'));
  const buttons = runButtons(status);

  const act = (action: Exclude<RunAction, 'pickUp' | 'finish'>) => {
    const call = async () => {
      setBusy(action);
      try {
        if (action === 'start') await runApi.execute([id]);
        else await runApi[action](id);
        void message.success(t(SUCCESS_KEYS[action]));
      } catch {
        // The http layer showed the server's message (a refused transition names both states).
      } finally {
        setBusy(undefined);
        refresh();
      }
    };
    if (action === 'start' || action === 'end') {
      modal.confirm({
        title: t('crud.confirmTitle'),
        content: t(action === 'start' ? 'task.run.confirmStart' : 'task.run.confirmEnd'),
        okText: t('crud.ok'),
        cancelText: t('crud.cancel'),
        onOk: call,
      });
    } else void call();
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
      <RunState run={latest.data} status={status} />
    </div>
  );
}
