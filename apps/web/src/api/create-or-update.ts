import type { Envelope } from '@mandira/contract/envelope';
import type { Operation, OperationAnswer, OperationBody } from '@mandira/contract/operation';
import { type CallArgs, callApi } from './client.ts';

/**
 * The save of a form that both adds and edits a record: a body with an id goes to the update operation
 * (PUT), one without to the create operation (POST), as `createOrUpdate` sends them by path.
 */
export function createOrUpdateBy<C extends Operation, U extends Operation>(create: C, update: U) {
  return (
    body: OperationBody<C> | OperationBody<U>,
  ): Promise<Envelope<OperationAnswer<C> | OperationAnswer<U>>> => {
    const { id } = body as { id?: unknown };
    // Each takes a body and nothing else; what the body is stays checked where the hook is called.
    const args = [{ body }] as unknown;
    return id ? callApi(update, ...(args as CallArgs<U>)) : callApi(create, ...(args as CallArgs<C>));
  };
}
