import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { reviewOperation } from '../../server/flow/review';

/** 送审 of a script: its review process sets the audit status that the case form's script picker filters on. */
export const behaviour: ResourceBehaviour = {
  routes(routes) {
    reviewOperation(routes, 'testscript');
  },
};
