import { addDays, istanbulDate, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import type { OrderItemStatus } from '@mandira/contract/order-machines';
import { ORDER_COLOR_LABELS, type OrderColor } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../db/client.ts';
import type { Actor } from '../http/auth.ts';
import { addToBasket } from '../modules/orders/basket.service.ts';
import { actOnItem, actOnOrder } from '../modules/orders/order-item-engine.ts';
import { updateOrder } from '../modules/orders/order-update.service.ts';
import { applyBasketToOrder } from '../modules/orders/place-order.service.ts';
import { productFigures } from '../modules/products/product-availability.ts';

/** A small repeatable sequence, so every demo database tells the same story. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    // The low bits of this generator repeat quickly; the high ones do not.
    return Math.floor(state / 65_536) % below;
  };
}

/** Where each demo order ends up; the list is walked in order, oldest first. */
const STORIES = [
  // Walked to loading here; the loading demo ships them (two delivered and completed, two on the road).
  ...Array<string>(4).fill('to-ship'),
  'canceled-by-seller',
  'canceled-by-buyer',
  ...Array<string>(2).fill('preparing'),
  ...Array<string>(2).fill('prepared'),
  ...Array<string>(3).fill('loading'),
  ...Array<string>(5).fill('in-progress'),
  ...Array<string>(8).fill('in-review'),
  ...Array<string>(9).fill('waiting'),
] as const;

const COLORS = Object.keys(ORDER_COLOR_LABELS) as OrderColor[];

/**
 * Three dozen orders of the demo buyers over the last four weeks, in every order status but COMPLETED
 * and most item statuses, all through the services, then baskets in progress for four more buyers. The
 * loading demo (`loading.demo.ts`) takes the 'to-ship' ones onto shipments and completes the delivered.
 */
export async function seedOrdersDemo(db: Db): Promise<void> {
  const [manager] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where user_name = 'order_manager'`,
  );
  const actor: Actor = {
    userId: manager?.id ?? 0,
    userName: 'order_manager',
    roles: ['ORDER_MANAGER'],
    privileges: new Set(),
    // The demo also walks warehouse steps, which are not the order manager's.
    isSuperAdmin: true,
  };
  const buyers = await rowsOf<{ id: number; branch: number | null }>(
    db,
    sql`select b.id, (select min(w.id) from buyer_warehouses w where w.buyer_id = b.id) as branch
          from buyers b order by b.id limit 20`,
  );
  const random = sequence(1923);
  const today = istanbulDate(new Date());

  for (const [index, story] of STORIES.entries()) {
    const buyer = buyers[index % buyers.length];
    if (!buyer) return;
    const orderId = await db.transaction(async (tx) => {
      if (!(await fillBasket(tx, actor, buyer.id, 1 + random(3), random))) return undefined;
      const order = await applyBasketToOrder(tx, actor, {
        buyerId: buyer.id,
        buyerRequestReferenceCode: `SA-2026-${String(101 + index).padStart(4, '0')}`,
        buyerBranch: buyer.branch,
        plannedShipmentDate: addDays(today, 1 + random(7)),
        colorGroup: COLORS[index % COLORS.length]!,
      });
      return order.id;
    });
    if (orderId === undefined) continue;
    await db.transaction((tx) => tell(tx, actor, orderId, story, random));
    // Older stories happened earlier: the oldest four weeks ago, the waiting ones today.
    const daysAgo = Math.max(0, Math.round(((STORIES.length - 1 - index) * 27) / STORIES.length) - 1);
    const at = new Date(startOfIstanbulDay(addDays(today, -daysAgo)).getTime() + (8 + random(9)) * 3_600_000);
    const when = at.getTime() > Date.now() ? new Date() : at;
    await db.execute(
      sql`update orders set created_at = ${when.toISOString()}::timestamptz where id = ${orderId}`,
    );
  }

  for (const buyer of buyers.slice(-4)) {
    await db.transaction((tx) => fillBasket(tx, actor, buyer.id, 1 + random(3), random));
  }
}

/** Adds `lines` products the stock can give to the buyer's basket; false when none could be added. */
async function fillBasket(
  tx: Tx,
  actor: Actor,
  buyerId: number,
  lines: number,
  random: (below: number) => number,
): Promise<boolean> {
  const offer = (await productFigures(tx, sql`p.quantity_inside_box > 0`)).filter(
    (product) => product.availableBoxCount >= 2,
  );
  let added = 0;
  for (let line = 0; line < lines && offer.length > 0; line++) {
    const [product] = offer.splice(random(offer.length), 1);
    const boxes = 1 + random(Math.min(4, product!.availableBoxCount - 1));
    await addToBasket(tx, actor, { buyerId, productId: product!.id, boxQuantity: boxes });
    added += 1;
  }
  return added > 0;
}

/** Walks a placed order to where its story ends. */
async function tell(
  tx: Tx,
  actor: Actor,
  orderId: number,
  story: (typeof STORIES)[number],
  random: (below: number) => number,
): Promise<void> {
  if (story === 'waiting') return;
  if (story === 'canceled-by-buyer' || story === 'canceled-by-seller') {
    await updateOrder(tx, actor, {
      id: orderId,
      status: story === 'canceled-by-buyer' ? 'CANCELED_BY_BUYER' : 'CANCELED_BY_SELLER',
    });
    return;
  }
  await actOnOrder(tx, actor, orderId, 'FORWARD_TO_IN_REVIEW');
  const items = await rowsOf<{ id: number; quantity: number; quantity_in_box: number }>(
    tx,
    sql`select id, quantity, quantity_in_box from order_items where order_id = ${orderId} order by id`,
  );
  for (const [index, item] of items.entries()) {
    const step = (action: 'APPROVE' | 'APPROVE_PARTIALLY' | 'CANCEL', quantity?: number) =>
      actOnItem(tx, actor, { orderId, itemId: item.id, action, quantity });
    const boxes = Math.floor(item.quantity / item.quantity_in_box);
    // In review, some items stay waiting, a few are trimmed or dropped; later stories approve most.
    const roll = random(story === 'in-review' ? 4 : 6);
    if (story === 'in-review' && roll === 0) continue;
    if (roll === 1 && boxes > 1) await step('APPROVE_PARTIALLY', (boxes - 1) * item.quantity_in_box);
    else if (roll === 2 && index > 0) await step('CANCEL');
    else await step('APPROVE');
  }
  if (story === 'in-review') return;
  await actOnOrder(tx, actor, orderId, 'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION');
  const forwarded = await rowsOf<{ id: number }>(
    tx,
    sql`select id from order_items
         where order_id = ${orderId} and status = ${'WAITING_FOR_WAREHOUSE_OPERATION' satisfies OrderItemStatus}
         order by id`,
  );
  const warehouseSteps = { 'in-progress': 0, preparing: 1, prepared: 2, loading: 3, 'to-ship': 3 }[story];
  for (const item of forwarded) {
    for (const action of ['PREPARING', 'PREPARED_WAITING_FOR_LOADING', 'LOADING'].slice(0, warehouseSteps)) {
      await actOnItem(tx, actor, { orderId, itemId: item.id, action: action as 'PREPARING' });
    }
  }
}
