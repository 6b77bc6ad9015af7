import { Cron } from 'croner';

/** Time expression types (spec §9): 1 API, 2 CRON, 3 fixed rate (ms), 4 fixed delay (ms), 5 workflow. */
export const TIME_TYPE = { api: 1, cron: 2, fixedRate: 3, fixedDelay: 4, workflow: 5 } as const;

/** A fixed rate or delay below this would have the scheduler do little else. */
export const MIN_INTERVAL_MS = 1000;

export interface JobTiming {
  timeExpressionType: number;
  timeExpression?: string | null;
  /** The job is triggered by its schedule only between these moments (either may be absent). */
  lifecycleStart?: Date | null;
  lifecycleEnd?: Date | null;
}

/** Whether the schedule triggers the job by itself (API and workflow jobs run only when asked). */
export const isTimed = (type: number) => type === TIME_TYPE.cron || type === TIME_TYPE.fixedRate || type === TIME_TYPE.fixedDelay;

function intervalOf(expression: string): number | undefined {
  const text = expression.trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * A CRON expression: five fields as in crontab (Sunday 0), or six or seven with seconds (and years) as in Quartz,
 * which PowerJob and BladeX use, with Quartz's weekday numbers (Sunday 1).
 */
function cronOf(expression: string): Cron {
  const text = expression.trim();
  return new Cron(text, { paused: true, alternativeWeekdays: text.split(/\s+/).length >= 6 });
}

/** What is wrong with a job's timing, as the message the form and the server show; undefined when it is usable. */
export function timingProblem(timing: JobTiming, now: Date = new Date()): string | undefined {
  const expression = (timing.timeExpression ?? '').trim();
  switch (timing.timeExpressionType) {
    case TIME_TYPE.api:
    case TIME_TYPE.workflow:
      return undefined;
    case TIME_TYPE.cron: {
      if (expression === '') return '请输入时间表达式';
      let cron: Cron;
      try {
        cron = cronOf(expression);
      } catch {
        return `时间表达式不是合法的 CRON 表达式: ${expression}`;
      }
      if (!cron.nextRun(now)) return '该 CRON 表达式今后不会再触发';
      return undefined;
    }
    case TIME_TYPE.fixedRate:
    case TIME_TYPE.fixedDelay: {
      if (expression === '') return '请输入时间表达式';
      const ms = intervalOf(expression);
      if (ms === undefined) return '固定频率与固定延迟的时间表达式是毫秒数';
      if (ms < MIN_INTERVAL_MS) return `固定频率与固定延迟不能小于 ${MIN_INTERVAL_MS} 毫秒`;
      return undefined;
    }
    default:
      return '定时信息不存在';
  }
}

/** Upcoming triggers looked at for the shortest gap of a CRON expression: a pattern's irregular gaps show in them. */
const GAP_SAMPLE = 120;

/**
 * The shortest time between two triggers of a timed job (a CRON expression's among its next triggers), or undefined
 * when it is not timed or triggers less than twice.
 */
export function shortestGapMs(timing: JobTiming, now: Date = new Date()): number | undefined {
  if (!isTimed(timing.timeExpressionType) || timingProblem(timing, now)) return undefined;
  const expression = (timing.timeExpression ?? '').trim();
  if (timing.timeExpressionType !== TIME_TYPE.cron) return intervalOf(expression);
  const runs = cronOf(expression).nextRuns(GAP_SAMPLE, now);
  let shortest: number | undefined;
  for (let index = 1; index < runs.length; index += 1) {
    const gap = runs[index].getTime() - runs[index - 1].getTime();
    if (shortest === undefined || gap < shortest) shortest = gap;
  }
  return shortest;
}

/** The refusal of a schedule that would run the job more often than every `minSeconds`; undefined when it does not. */
export function intervalProblem(timing: JobTiming, minSeconds: number, now: Date = new Date()): string | undefined {
  const gap = shortestGapMs(timing, now);
  if (gap === undefined || gap >= minSeconds * 1000) return undefined;
  return `时间表达式: 两次运行的间隔不能小于${minSeconds}秒`;
}

/**
 * When the schedule next triggers the job, strictly after `after` (for a fixed delay: the end of the last run), or
 * undefined when it never does again (not timed, or past its lifecycle). A job not yet in its lifecycle starts at it.
 */
export function nextTrigger(timing: JobTiming, after: Date): Date | undefined {
  if (!isTimed(timing.timeExpressionType) || timingProblem(timing, after)) return undefined;
  const start = timing.lifecycleStart ?? undefined;
  const end = timing.lifecycleEnd ?? undefined;
  const expression = (timing.timeExpression ?? '').trim();
  let next: Date | undefined;
  if (timing.timeExpressionType === TIME_TYPE.cron) {
    // The first trigger at or after the lifecycle's start: croner answers strictly after the moment it is given.
    const from = start && start > after ? new Date(start.getTime() - 1) : after;
    next = cronOf(expression).nextRun(from) ?? undefined;
  } else {
    const interval = intervalOf(expression)!;
    next = start && start > after ? start : new Date(after.getTime() + interval);
  }
  if (!next || (end && next > end)) return undefined;
  return next;
}
