import { describe, expect, it } from 'vitest';
import { IdleCollector } from '../../server/idle-collection';

const MB = 1024 * 1024;

/** A heap and an event loop the test moves by hand; a collection brings the heap back to `collectsTo`. */
function fakeProcess(heap: number) {
  const state = { heap, busy: 0, collectsTo: heap, collections: 0 };
  const collector = new IdleCollector({
    collect: () => {
      state.collections++;
      state.heap = state.collectsTo;
    },
    heapBytes: () => state.heap,
    utilization: () => state.busy,
  });
  return { state, collector };
}

describe('IdleCollector', () => {
  it('collects once when the server is idle after its heap grew, and not again until it grows again', () => {
    const { state, collector } = fakeProcess(60 * MB);
    state.heap = 120 * MB;
    state.collectsTo = 64 * MB;
    expect(collector.check()).toBe(true);
    expect(state.heap).toBe(64 * MB);
    expect(collector.check()).toBe(false);
    state.heap = 75 * MB;
    expect(collector.check()).toBe(false);
    state.heap = 90 * MB;
    expect(collector.check()).toBe(true);
    expect(state.collections).toBe(2);
  });

  it('leaves a busy server alone whatever its heap', () => {
    const { state, collector } = fakeProcess(60 * MB);
    state.heap = 200 * MB;
    state.busy = 0.4;
    expect(collector.check()).toBe(false);
    state.busy = 0.01;
    expect(collector.check()).toBe(true);
  });

  it('takes a heap V8 shrank by itself as the new floor', () => {
    const { state, collector } = fakeProcess(100 * MB);
    state.heap = 50 * MB;
    expect(collector.check()).toBe(false);
    state.heap = 70 * MB;
    expect(collector.check()).toBe(true);
  });
});
