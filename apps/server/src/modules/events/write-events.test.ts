import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay } from '../../../test/builders/accounting-test-data.ts';
import {
  type LoadWorld,
  loadWorld,
  ok,
  orderInWarehouse,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';
import {
  type EventStreamReader,
  liveEventsOf,
  openEventStream,
  type StreamMessage,
} from '../../../test/event-stream.ts';

/**
 * What the services' own writes announce on the stream (docs/architecture.md, "Live events"): a step
 * that commits is heard by whoever may read its topic, with the acting user; a refused one by nobody.
 */
let w: LoadWorld;
let baseUrl: string;
let finance: string;
let cheese: number;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  w = await loadWorld();
  finance = await w.t.tokenWithRoles(['FINANCE_ADMIN']);
  cheese = await product(w, [{ itemId: await stockedItem(w, { DEPO1: 200 }), quantity: 1 }]);
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(w.t.app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  for (const reader of open) reader.close();
  await w?.close();
});

/**
 * A stream opened after the world was made, once it has been quiet for a moment: a notification of the
 * world's own last commits may reach it after it opened (a new stream begins with `resync`, so its
 * client reads what it missed either way), and the test's steps must not be mistaken for those.
 * Answers the reader and where the test's own messages begin.
 */
async function streamOf(token: string) {
  const reader = await openEventStream(baseUrl, token);
  open.push(reader);
  await reader.next((m) => m.event === 'resync');
  let seen = -1;
  while (seen !== reader.messages.length) {
    seen = reader.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { reader, from: seen };
}

/** The live events of a stream since the test's own messages began. */
const eventsSince = ({ reader, from }: { reader: EventStreamReader; from: number }) =>
  liveEventsOf(reader.messages.slice(from));
/** The first message since the test's own began that matches. */
const nextSince = (
  { reader, from }: { reader: EventStreamReader; from: number },
  matches: (message: StreamMessage) => boolean,
) => reader.next((message) => reader.messages.indexOf(message) >= from && matches(message));

const userIdOf = async (token: string) =>
  ok(await w.call('GET', '/user-access/me', undefined, token), 'me').json.data.id as number;

describe("the services' writes on the live stream", () => {
  it('hears a committed warehouse step and a payment by topic, and nothing of a refused step', async () => {
    const { order, itemId } = await orderInWarehouse(w, cheese, 1, 'WAITING_FOR_WAREHOUSE_OPERATION');
    const clerk = await streamOf(w.warehouse);
    const accounts = await streamOf(finance);

    const refused = await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`);
    expect(refused.statusCode).toBe(409);
    ok(
      await w.call(
        'PUT',
        `/orders/${order.id}/order-item/${itemId}?action=PREPARING`,
        undefined,
        w.warehouse,
      ),
      'prepare',
    );
    const step = await nextSince(clerk, (m) => m.data?.includes('"order_item.changed"') === true);
    expect(JSON.parse(step.data!)).toEqual({
      topic: 'orders',
      type: 'order_item.changed',
      id: itemId,
      status: 'PREPARING',
      orderId: order.id,
      by: await userIdOf(w.warehouse),
    });
    // Notifications arrive in commit order: the refused step's would be here before the step's.
    expect(eventsSince(clerk).map((event) => event.type)).toEqual(['order_item.changed']);

    ok(
      await pay(
        { ...w, finance },
        { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 25 },
      ),
      'pay',
    );
    const paid = await nextSince(accounts, (m) => m.data?.includes('"accounting"') === true);
    expect(JSON.parse(paid.data!)).toMatchObject({ topic: 'accounting', orderId: order.id });
    // Warehouse staff read no accounting: a later order event reaches the clerk, the payment never did.
    ok(
      await w.call(
        'PUT',
        `/orders/${order.id}/order-item/${itemId}?action=PREPARED_WAITING_FOR_LOADING`,
        undefined,
        w.warehouse,
      ),
      'prepared',
    );
    await nextSince(clerk, (m) => m.data?.includes('PREPARED_WAITING_FOR_LOADING') === true);
    expect(liveEventsOf(clerk.reader.messages).some((event) => event.topic === 'accounting')).toBe(false);
  });
});
