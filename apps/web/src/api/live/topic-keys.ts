import type { LiveTopic } from '@mandira/contract/live-events';
import type { QueryKey } from '@tanstack/react-query';
import { ACCOUNTING_KEY } from '../accounting.ts';
import { BUYERS_KEY } from '../buyers.ts';
import { FLEET_KEY, SHIPMENTS_KEY } from '../fleet.ts';
import { ORDERS_KEY, STOCK_KEY } from '../orders.ts';
import { PRODUCTS_KEY, SELLABLE_PRODUCTS_KEY } from '../products.ts';
import { ACL_KEY, BASKETS_KEY, DASHBOARD_KEY, MILK_KEY, USER_ACCESS_KEY, USERS_KEY } from '../query-keys.ts';

/**
 * The query key prefixes of the screens that show a topic: an event of the topic invalidates them
 * (active queries refetch, the others are read again when next shown). Wider than the record itself
 * on purpose, as the mutation hooks are: what one change moves elsewhere is named here too.
 */
export const TOPIC_KEYS: Record<LiveTopic, readonly QueryKey[]> = {
  // Order review and warehouse orders (['orders', …]), the reservations in baskets and in order
  // taking's stock figures, the buyer's balance an order's total moves, Ana Sayfa's queues.
  orders: [ORDERS_KEY, BASKETS_KEY, SELLABLE_PRODUCTS_KEY, ACCOUNTING_KEY, DASHBOARD_KEY],
  // The shipment list and contents (['shipments', …]), the vehicles and drivers a shipment holds.
  shipments: [SHIPMENTS_KEY, FLEET_KEY, DASHBOARD_KEY],
  // Stock lines, history and occupancy; order taking reads the sellable figures from stock.
  stock: [STOCK_KEY, SELLABLE_PRODUCTS_KEY],
  // Items, approvals and bundles; stock lines and baskets show the items by name.
  products: [PRODUCTS_KEY, STOCK_KEY, BASKETS_KEY, DASHBOARD_KEY],
  buyers: [BUYERS_KEY, BASKETS_KEY, ACCOUNTING_KEY, DASHBOARD_KEY],
  accounting: [ACCOUNTING_KEY, BUYERS_KEY, DASHBOARD_KEY],
  milk: [MILK_KEY, DASHBOARD_KEY],
  // Vehicles and drivers, shown by name on shipments; the milk vehicles and drivers are fleet too.
  fleet: [FLEET_KEY, SHIPMENTS_KEY, MILK_KEY],
  // A change of roles may change the signed-in user's own menus.
  users: [USERS_KEY, ACL_KEY, USER_ACCESS_KEY],
};
