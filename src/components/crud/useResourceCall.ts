import { useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useCallback } from 'react';
import type { BladeMeta } from '../../../providers/data';
import type { QueryValue } from '../../../providers/blade-query';

/** One write a screen makes beyond submit and remove: a custom operation, a link, a grant. */
export interface ResourceCall {
  url: string;
  method?: 'post' | 'put' | 'patch' | 'delete';
  body?: unknown;
  /** Query parameters (`?id=`). */
  query?: Record<string, QueryValue>;
  /**
   * The resources the write changes: every query keyed under them (lists, details, pickers, the sections of a form)
   * reads again once the write has succeeded, so no view keeps showing what was before.
   */
  invalidates: readonly string[];
  /** Failures show no message: the screen tells the user itself. */
  silent?: boolean;
}

/**
 * Writes through Refine's data provider (`custom`), each declaring what it changes. The answer's `data` is returned;
 * a refused write rejects with the http client's `BladeError`, whose message the http layer has already shown.
 */
export function useResourceCall() {
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, unknown>();
  const invalidate = useInvalidate();
  const call = useCallback(
    async <T = unknown>({ url, method = 'post', body, query, invalidates, silent }: ResourceCall): Promise<T> => {
      const meta: BladeMeta = { query, silent };
      const answer = await mutateAsync({
        url,
        method,
        values: body,
        meta,
        successNotification: false,
        // The http layer already showed the server's message.
        errorNotification: false,
      });
      await Promise.all(invalidates.map((resource) => invalidate({ resource, invalidates: ['resourceAll'] })));
      return answer.data as T;
    },
    [mutateAsync, invalidate],
  );
  return { call, pending: mutation.isPending };
}
