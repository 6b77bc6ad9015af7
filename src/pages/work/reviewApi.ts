import { useCustom } from '@refinedev/core';

/** The review calls of test cases and scripts (the item under review, the reviews of one item). */
export const REVIEW_API = '/api/blade-desk/process/review';

export type ReviewedResource = 'testcase' | 'testscript';

/** Where one review stands: running (`unfinished`, at `taskName`) or ended. */
export interface ReviewFlow {
  processInstanceId: string;
  processDefinitionId: string;
  status: 'finished' | 'unfinished';
  startTime: string;
  endTime: string;
  taskName: string;
  taskId: string;
}

export interface ReviewDetail {
  resource: ReviewedResource;
  businessId: string;
  record: Record<string, unknown>;
  flow: ReviewFlow;
}

/** The case or script a review is about, read-only, with where the review stands. */
export function useReviewDetail(processInstanceId: string | undefined) {
  const { query } = useCustom<ReviewDetail>({
    url: `${REVIEW_API}/detail`,
    method: 'get',
    config: { query: { processInstanceId } },
    errorNotification: false,
    queryOptions: { enabled: !!processInstanceId },
  });
  return query;
}

/** The reviews of one case or script, newest first. */
export function useReviewsOf(resource: ReviewedResource, businessId: string | undefined) {
  const { query } = useCustom<ReviewFlow[]>({
    url: `${REVIEW_API}/list`,
    method: 'get',
    config: { query: { resource, businessId } },
    errorNotification: false,
    queryOptions: { enabled: !!businessId },
  });
  return query;
}
