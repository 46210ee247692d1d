import { z } from 'zod';

/**
 * One card of Ana Sayfa: work waiting for the signed-in user on one of their screens. `relativePath`
 * opens that screen already filtered to the work.
 */
export const MyWorkItem = z.object({
  key: z.enum([
    'ORDERS_WAITING_REVIEW',
    'ITEMS_WAITING_WAREHOUSE',
    'LOADS_WAITING_ACCEPTANCE',
    'SHIPMENTS_ON_WEIGHBRIDGE',
    'BUYERS_WAITING_APPROVAL',
    'ITEMS_WAITING_APPROVAL',
    'MILK_DELIVERIES_TODAY',
    'ORDERS_OVERDUE_BALANCE',
  ]),
  label: z.string(),
  count: z.number().int(),
  relativePath: z.string().describe("The screen's path with the query that filters it to this work."),
});
export type MyWorkItem = z.infer<typeof MyWorkItem>;
export const MyWork = z.array(MyWorkItem);
