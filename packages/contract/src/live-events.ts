import { z } from 'zod';
import type { PrivilegeKey } from './roles.ts';

/**
 * What a live event is about, and the privileges whose holders hear it: a user receives an event only
 * when one of their privileges reads its topic (warehouse staff hear no accounting).
 */
export const LIVE_TOPIC_READERS = {
  orders: [
    'ORDER_REVIEW',
    'ORDER_TAKING',
    'BASKET_MANAGEMENT',
    'WAREHOUSE_OPERATIONS',
    'SHIPMENT_LOAD_ACCEPTANCE',
    'SHIPMENT_MANAGEMENT',
    'ACCOUNTING',
    'DASHBOARD',
  ],
  shipments: ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE', 'WAREHOUSE_OPERATIONS', 'DASHBOARD'],
  stock: [
    'STOCK_MANAGEMENT',
    'GOODS_IN_OUT',
    'STOCK_HISTORY',
    'WAREHOUSE_MANAGEMENT',
    'PRODUCT_ITEM_MANAGEMENT',
    'ORDER_TAKING',
    'WAREHOUSE_OPERATIONS',
  ],
  products: [
    'PRODUCT_ITEM_MANAGEMENT',
    'PRODUCT_APPROVAL',
    'SELLABLE_PRODUCT_MANAGEMENT',
    'ORDER_TAKING',
    'STOCK_MANAGEMENT',
    'GOODS_IN_OUT',
    'DASHBOARD',
  ],
  buyers: [
    'BUYER_MANAGEMENT',
    'BUYER_APPROVAL',
    'BUYER_WAREHOUSE_MANAGEMENT',
    'ORDER_TAKING',
    'ACCOUNTING',
    'SHIPMENT_MANAGEMENT',
    'DASHBOARD',
  ],
  accounting: ['ACCOUNTING', 'BUYER_MANAGEMENT'],
  milk: ['MILK_DELIVERY_MANAGEMENT', 'MILK_VEHICLE_MANAGEMENT', 'MILK_DRIVER_MANAGEMENT'],
  fleet: [
    'VEHICLE_MANAGEMENT',
    'DRIVER_MANAGEMENT',
    'MILK_VEHICLE_MANAGEMENT',
    'MILK_DRIVER_MANAGEMENT',
    'SHIPMENT_MANAGEMENT',
    'SHIPMENT_LOAD_ACCEPTANCE',
  ],
  users: ['USER_MANAGEMENT'],
} as const satisfies Record<string, readonly PrivilegeKey[]>;

export type LiveTopic = keyof typeof LIVE_TOPIC_READERS;
export const LIVE_TOPICS = Object.keys(LIVE_TOPIC_READERS) as LiveTopic[];
export const LiveTopicSchema = z.enum(LIVE_TOPICS as [LiveTopic, ...LiveTopic[]]);

/** The topics a holder of these privileges hears. */
export function topicsReadBy(privileges: Iterable<string>): LiveTopic[] {
  const held = new Set(privileges);
  return LIVE_TOPICS.filter((topic) =>
    (LIVE_TOPIC_READERS[topic] as readonly string[]).some((privilege) => held.has(privilege)),
  );
}

/**
 * One event of the stream: it names what changed, small enough for a database notification; the
 * client reads the record again. `type` is `<entity>.changed` in lower case (`order.changed`,
 * `order_item.changed`, `stock.changed`); `status` is the record's state after the change, when it
 * has one; `by` the id of the user who made it.
 */
export const LiveEvent = z.object({
  topic: LiveTopicSchema,
  type: z.string().max(60),
  id: z.number().int().nullable().describe("The changed record's id; null when the change touches many."),
  status: z.string().max(40).optional(),
  orderId: z.number().int().optional().describe('The order an item, load or payment belongs to.'),
  by: z.number().int().optional().describe('The id of the user who made the change.'),
});
export type LiveEvent = z.infer<typeof LiveEvent>;

/** The stream's own events, beside the topics: the client refetches everything on `resync`. */
export const STREAM_RESYNC = 'resync';

/** How long the client waits before it connects again, told first on every stream. */
export const RECONNECT_MS = 3_000;
/** A comment line every so often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
