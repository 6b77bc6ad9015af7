import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishProgress, isProgressRunning, PROGRESS_BAR_ID, startProgress } from '../../providers/progress';

const bar = () => document.getElementById(PROGRESS_BAR_ID);
const widthOf = (element: HTMLElement | null) => Number(/scaleX\(([\d.]+)\)/.exec(element?.style.transform ?? '')?.[1]);

describe('the page progress bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs from the first start to the last finish, growing but never full until then', () => {
    startProgress();
    startProgress();
    const first = widthOf(bar());
    expect(first).toBeGreaterThan(0);
    vi.advanceTimersByTime(5_000);
    const later = widthOf(bar());
    expect(later).toBeGreaterThan(first);
    expect(later).toBeLessThan(1);

    finishProgress();
    expect(isProgressRunning()).toBe(true);
    expect(widthOf(bar())).toBeLessThan(1);

    finishProgress();
    expect(isProgressRunning()).toBe(false);
    expect(widthOf(bar())).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(bar()).toBeNull();
  });

  it('starts a fresh bar when a new request begins while the last one fades', () => {
    startProgress();
    finishProgress();
    vi.advanceTimersByTime(250);
    startProgress();
    expect(document.querySelectorAll(`#${PROGRESS_BAR_ID}`)).toHaveLength(1);
    expect(widthOf(bar())).toBeLessThan(0.5);
    expect(bar()!.style.opacity).toBe('');
    vi.advanceTimersByTime(1_000);
    expect(bar()).not.toBeNull();
    finishProgress();
  });

  it('never goes below zero requests in flight', () => {
    finishProgress();
    expect(isProgressRunning()).toBe(false);
    startProgress();
    expect(isProgressRunning()).toBe(true);
    finishProgress();
  });
});
