import { describe, expect, it } from 'vitest';
import { taskCodesOf } from '../../server/jobs/processors';
import { nextTrigger, timingProblem, TIME_TYPE } from '../../server/jobs/timing';

const at = (text: string) => new Date(text);
const local = (date: Date | undefined) =>
  date && `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')} ${date.toTimeString().slice(0, 8)}`;

describe('job timing', () => {
  const now = at('2026-11-26T10:00:00');

  it('reads Quartz CRON (seconds, ?, Sunday = 1) and crontab CRON (Sunday = 0) alike', () => {
    expect(local(nextTrigger({ timeExpressionType: TIME_TYPE.cron, timeExpression: '0 0 2 * * ?' }, now))).toBe('2026-11-27 02:00:00');
    // Thursday 26 November: the next Monday is the 30th, written 2 in Quartz and 1 in crontab.
    expect(local(nextTrigger({ timeExpressionType: TIME_TYPE.cron, timeExpression: '0 15 10 ? * 2' }, now))).toBe('2026-11-30 10:15:00');
    expect(local(nextTrigger({ timeExpressionType: TIME_TYPE.cron, timeExpression: '15 10 * * 1' }, now))).toBe('2026-11-30 10:15:00');
  });

  it('adds a fixed rate or delay to the moment given, and never triggers API or workflow jobs', () => {
    expect(local(nextTrigger({ timeExpressionType: TIME_TYPE.fixedRate, timeExpression: '90000' }, now))).toBe('2026-11-26 10:01:30');
    expect(local(nextTrigger({ timeExpressionType: TIME_TYPE.fixedDelay, timeExpression: '5000' }, now))).toBe('2026-11-26 10:00:05');
    expect(nextTrigger({ timeExpressionType: TIME_TYPE.api }, now)).toBeUndefined();
    expect(nextTrigger({ timeExpressionType: TIME_TYPE.workflow }, now)).toBeUndefined();
  });

  it('keeps to the lifecycle: waits for its start, stops after its end', () => {
    const cron = { timeExpressionType: TIME_TYPE.cron, timeExpression: '0 0 * * * ?' };
    expect(local(nextTrigger({ ...cron, lifecycleStart: at('2026-12-01T08:00:00') }, now))).toBe('2026-12-01 08:00:00');
    expect(local(nextTrigger({ ...cron, lifecycleStart: at('2026-12-01T08:30:00') }, now))).toBe('2026-12-01 09:00:00');
    expect(nextTrigger({ ...cron, lifecycleEnd: at('2026-11-26T10:30:00') }, now)).toBeUndefined();
    const rate = { timeExpressionType: TIME_TYPE.fixedRate, timeExpression: '60000' };
    expect(local(nextTrigger({ ...rate, lifecycleStart: at('2026-11-27T00:00:00') }, now))).toBe('2026-11-27 00:00:00');
  });

  it('names what is wrong with an expression', () => {
    expect(timingProblem({ timeExpressionType: TIME_TYPE.cron, timeExpression: ' ' })).toBe('请输入时间表达式');
    expect(timingProblem({ timeExpressionType: TIME_TYPE.cron, timeExpression: '61 * * * *' })).toBe('时间表达式不是合法的 CRON 表达式: 61 * * * *');
    expect(timingProblem({ timeExpressionType: TIME_TYPE.cron, timeExpression: '0 0 0 1 1 ? 2020' }, now)).toBe('该 CRON 表达式今后不会再触发');
    expect(timingProblem({ timeExpressionType: TIME_TYPE.fixedRate, timeExpression: '1s' })).toBe('固定频率与固定延迟的时间表达式是毫秒数');
    expect(timingProblem({ timeExpressionType: TIME_TYPE.fixedDelay, timeExpression: '999' })).toBe('固定频率与固定延迟不能小于 1000 毫秒');
    expect(timingProblem({ timeExpressionType: 9 })).toBe('定时信息不存在');
    expect(timingProblem({ timeExpressionType: TIME_TYPE.fixedRate, timeExpression: '1000' })).toBeUndefined();
    expect(timingProblem({ timeExpressionType: TIME_TYPE.api, timeExpression: 'anything' })).toBeUndefined();
  });
});

describe('task codes of a runTestTask job', () => {
  it('are split on commas, semicolons (either width) and white space, once each', () => {
    expect(taskCodesOf('T-1, T-2；T-3\nT-1  T-4，')).toEqual(['T-1', 'T-2', 'T-3', 'T-4']);
    expect(taskCodesOf(null)).toEqual([]);
  });
});
