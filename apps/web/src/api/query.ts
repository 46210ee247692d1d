import type { Envelope } from '@mandira/contract/envelope';
import type { Operation, OperationAnswer, OperationInput } from '@mandira/contract/operation';
import { QueryClient, type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, type CallArgs, callApi, unwrap } from './client.ts';
import { readLogOf } from './live/read-log.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused or malformed answer will not change on retry; only a lost connection might.
        retry: (failureCount, error) =>
          failureCount < 2 && error instanceof ApiRequestError && error.code === 'NETWORK_ERROR',
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * A declared operation's read as TanStack query options. Its key is derived from the operation: the
 * feature's prefix (what its writes invalidate), the operation's id and its input, so two screens
 * asking the same share one cache entry: `operationQuery(BASKETS_KEY, baskets.listBaskets, { query })`.
 */
export function operationQuery<O extends Operation>(
  prefix: QueryKey,
  operation: O,
  ...[input, options]: CallArgs<O>
) {
  type Answer = OperationAnswer<O>;
  return queryOptions<Answer, ApiRequestError, Answer, QueryKey>({
    queryKey: operationKey(prefix, operation, input),
    queryFn: ({ signal }) => unwrap(callApi(operation, ...([input, { ...options, signal }] as CallArgs<O>))),
  });
}

/** The query key of an operation's read with this input, under the feature's prefix. */
export function operationKey<O extends Operation>(
  prefix: QueryKey,
  operation: O,
  input?: OperationInput<O>,
): QueryKey {
  return [...prefix, operation.operationId, ...(input === undefined ? [] : [input])];
}

export type ApiMutationOptions<TVariables, TResult> = {
  /** Lists to reload after a success, e.g. `[['users']]`. */
  invalidates?: readonly QueryKey[];
  onSuccess?: (data: TResult, variables: TVariables) => void;
};

/**
 * A write whose failure throws ApiRequestError (its message is the server's Turkish text). It resolves
 * as soon as the server answers, so its modal closes then; the lists it changed are read again
 * meanwhile, once: the write's live echo does not read them a second time (decision 139).
 */
export function useApiMutation<TVariables, TResult>(
  send: (variables: TVariables) => Promise<Envelope<TResult>>,
  options: ApiMutationOptions<TVariables, TResult> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<TResult, ApiRequestError, TVariables>({
    mutationFn: (variables) => readLogOf(queryClient).write(() => unwrap(send(variables))),
    onSuccess: (data, variables) => {
      for (const queryKey of options.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
      options.onSuccess?.(data, variables);
    },
  });
}
