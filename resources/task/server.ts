import type { ResourceBehaviour } from '../../server/blade/behaviour';

/** The task list shows main tasks; child tasks are edited inside their main task. */
export const behaviour: ResourceBehaviour = {
  listScope: () => ['(t.parent_id IS NULL OR t.parent_id = 0)'],
};
