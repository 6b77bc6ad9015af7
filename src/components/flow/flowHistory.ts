/** One row of `process/model-view`'s `flow`: an activity or a taken sequence flow of the instance. */
export interface FlowHistoryRow {
  historyActivityId: string;
  historyActivityType: string;
  historyActivityName?: string;
  /** Empty while the activity is still open (the active node). */
  endTime: string;
}

/** `process/model-view`: the process's XML and, for an instance, where it has been. */
export interface FlowModelView {
  xml: string;
  flow: FlowHistoryRow[];
}

/** The colours of the states, shared by the painted diagram and its legend. */
export const FLOW_COLORS = {
  finished: { stroke: '#389e0d', fill: '#f6ffed' },
  active: { stroke: '#d46b08', fill: '#fff7e6' },
  pending: { stroke: '#8c8c8c', fill: '#ffffff' },
  taken: { stroke: '#389e0d', fill: '#389e0d' },
} as const;

export const MODEL_VIEW_URL = '/api/blade-flow/process/model-view';
