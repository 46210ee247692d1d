import { MAX_PIECES, TOO_MANY_PIECES_WAITING_MESSAGE } from '@mandira/contract/bounds';
import { RESERVING_ITEM_STATUSES } from '@mandira/contract/order-machines';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, rowsOf, type Tx } from '../../db/client.ts';
import { statusList } from '../../db/status-sql.ts';
import { AppError, businessRule, notFound } from '../../http/errors.ts';
import { productFigures, snapshotAvailability } from '../products/product-availability.ts';

/**
 * Locks the item rows of the products' bundles (and of the bundle snapshots', for items placed with an
 * older bundle), in id order, until the transaction ends: every write that reserves pieces goes through
 * here first, so two of them on a shared item queue up instead of both counting the same free pieces.
 * Figures read after the lock see what the other one committed.
 */
export async function lockBundleItems(
  tx: Tx,
  productIds: readonly number[],
  snapshotIds: readonly number[] = [],
): Promise<void> {
  if (productIds.length === 0 && snapshotIds.length === 0) return;
  await preparedRowsOf(
    tx,
    'lock_bundle_items',
    sql`
    select i.id from product_items i
     where i.id in (select b.product_item_id from product_bundles b
                     where b.product_id = any(${sql.param([...productIds])}::int[])
                    union
                    select sl.product_item_id from bundle_snapshot_lines sl
                     where sl.snapshot_id = any(${sql.param([...snapshotIds])}::int[]))
     order by i.id
       for update of i`,
  );
}

/**
 * What a reserving write asks of one product: `pieces` more than it holds now; `held`, pieces of the
 * same request already counted as reserved (a basket line becoming an order item holds its pieces).
 */
export type Demand = { productId: number; pieces: number; held?: number; bundleSnapshotId?: number };

/**
 * Locks, re-counts and refuses (409 INSUFFICIENT_STOCK, naming product, boxes available and boxes asked)
 * when a product cannot give what is asked: more pieces than are free, or, for pieces already held, an
 * item over-reserved since (a goods-out). Runs before writing, inside the writing transaction.
 * A product with 0 pieces per box cannot be ordered by the box (422), nor can more than MAX_PIECES of one
 * product wait in baskets and open orders together (422). A demand of a placed item names its bundle
 * snapshot and is counted on the bundle it was ordered with (decision 99), not the product's.
 */
export async function reserveOrRefuse(tx: Tx, demands: readonly Demand[]): Promise<void> {
  if (demands.length === 0) return;
  const ids = [...new Set(demands.map((demand) => demand.productId))].sort((a, b) => a - b);
  const snapshotIds = [
    ...new Set(
      demands.flatMap((demand) => (demand.bundleSnapshotId === undefined ? [] : [demand.bundleSnapshotId])),
    ),
  ];
  await lockBundleItems(tx, ids, snapshotIds);
  const figures = await productFigures(tx, sql`p.id = any(${sql.param(ids)}::int[])`);
  const placed = await snapshotAvailability(tx, snapshotIds);
  const shortfalls: string[] = [];
  for (const id of ids) {
    const product = figures.find((one) => one.id === id);
    if (!product) throw notFound(`Satış ürünü bulunamadı: #${id}.`);
    const box = product.quantityInsideBox;
    if (box <= 0) {
      throw businessRule(
        `'${product.name}' ürününün koli içi adedi tanımlı değil; koli ile sipariş verilemez.`,
      );
    }
    const mine = demands.filter((demand) => demand.productId === id);
    const waitingNow = mine.reduce((sum, demand) => sum + demand.pieces - (demand.held ?? 0), 0);
    // The counters of product_reservations hold what waits of one product: at most MAX_PIECES (decision 94).
    const waiting = product.waitingInBasketStockCount + product.waitingInOrderStockCount + waitingNow;
    if (waiting > MAX_PIECES) throw businessRule(TOO_MANY_PIECES_WAITING_MESSAGE(product.name, waiting));
    // One group per bundle the pieces are counted on: the product's own, or a snapshot.
    for (const snapshotId of new Set(mine.map((demand) => demand.bundleSnapshotId))) {
      const group = mine.filter((demand) => demand.bundleSnapshotId === snapshotId);
      const pieces = group.reduce((sum, demand) => sum + demand.pieces, 0);
      const held = group.reduce((sum, demand) => sum + (demand.held ?? 0), 0);
      const available =
        snapshotId === undefined ? product.availableStockCount : (placed.get(snapshotId) ?? 0);
      const free = available + held;
      if (pieces > free) {
        shortfalls.push(
          `'${product.name}' ürünü için yeterli stok yok (kullanılabilir: ${Math.max(0, Math.floor(free / box))} koli, istenen: ${boxesText(pieces, box)} koli)`,
        );
      }
    }
  }
  if (shortfalls.length > 0) {
    throw new AppError('INSUFFICIENT_STOCK', `${shortfalls.join('; ')}. Hiçbir değişiklik yapılmadı.`);
  }
}

/** Boxes of pieces as a user reads them: whole boxes, or with one decimal when they do not fill one. */
function boxesText(pieces: number, box: number): string {
  const boxes = pieces / box;
  return Number.isInteger(boxes)
    ? String(boxes)
    : boxes.toLocaleString('tr-TR', { maximumFractionDigits: 1 });
}

/**
 * A change of the demand of one product, in pieces (negative releases): `basketPieces` in
 * basket lines, `orderPieces` in open order items (quantity − loaded).
 */
export type ReservationChange = {
  productId: number;
  basketPieces?: number;
  orderPieces?: number;
  /** The bundle snapshot of the order item whose pieces change; needed with `orderPieces`. */
  bundleSnapshotId?: number;
};

/**
 * Keeps `product_reservations` equal to the sums it replaces (decision 65). Every write that changes what
 * reserved(item) sums (docs/domain/products-and-reservations.md) calls it once, in its transaction, after its
 * checks and before it commits: basket add, set, delete line and cancel; placing an order; every item step
 * that changes an item's status, quantity or loaded pieces (approve, approve partially, cancel, cancel with
 * the order, loading, finishing loading partially, rejecting a load). Reserving writes call it under the item
 * locks of `reserveOrRefuse`; the counter rows are locked in product id order, so two releases of the same
 * products cannot deadlock. The same product may appear several times; zero changes are dropped. A product's
 * row is created with the product (`sellable-product.service.ts`). Order pieces are also kept per bundle
 * snapshot (decision 99), the bundle the figures multiply them by.
 */
export async function changeReservation(tx: Tx, changes: readonly ReservationChange[]): Promise<void> {
  const summed = new Map<number, { basket: number; order: number }>();
  for (const change of changes) {
    const one = summed.get(change.productId) ?? { basket: 0, order: 0 };
    one.basket += change.basketPieces ?? 0;
    one.order += change.orderPieces ?? 0;
    summed.set(change.productId, one);
  }
  const snapshots = snapshotChanges(changes);
  const rows = [...summed].filter(([, one]) => one.basket !== 0 || one.order !== 0).sort(([a], [b]) => a - b);
  if (rows.length === 0 && snapshots.length === 0) return;
  const ids = rows.map(([id]) => id);
  // One statement: the bundle snapshots' rows are locked in id order and changed, then the products'
  // rows, locked in product id order (the CTE yields them sorted) and changed. The products' lock reads
  // the count of the changed snapshots first, so it waits for their change: the locks are taken in the
  // order two statements took them (decision 183).
  const snapshotsFirst =
    snapshots.length === 0
      ? { ctes: sql``, after: sql`` }
      : {
          ctes: sql`snapshots_locked as (
                      select id from bundle_snapshots where id = any(${sql.param(snapshots.map(([id]) => id))}::int[])
                       order by id for update),
                    snapshots_changed as (
                      update bundle_snapshots s set order_pieces = s.order_pieces + c.pieces
                        from unnest(${sql.param(snapshots.map(([id]) => id))}::int[],
                                    ${sql.param(snapshots.map(([, pieces]) => pieces))}::int[]) as c(id, pieces)
                        join snapshots_locked l on l.id = c.id
                       where s.id = c.id
                      returning s.id),`,
          after: sql`and (select count(*) from snapshots_changed) >= 0`,
        };
  const changed = await preparedRowsOf<{ product_id: number }>(
    tx,
    'change_reservation',
    sql`with ${snapshotsFirst.ctes}
        locked as (
          select product_id from product_reservations
           where product_id = any(${sql.param(ids)}::int[]) ${snapshotsFirst.after}
           order by product_id for update)
        update product_reservations r
           set basket_pieces = r.basket_pieces + c.basket_pieces,
               order_pieces = r.order_pieces + c.order_pieces
          from unnest(${sql.param(ids)}::int[], ${sql.param(rows.map(([, one]) => one.basket))}::int[],
                      ${sql.param(rows.map(([, one]) => one.order))}::int[]) as c(product_id, basket_pieces, order_pieces)
          join locked l on l.product_id = c.product_id
         where r.product_id = c.product_id
        returning r.product_id`,
  );
  if (changed.length !== ids.length) {
    // Every product gets its row when it is created (and from the migration before that).
    throw new Error(
      `reservation counters missing for products ${ids.filter((id) => !changed.some((row) => row.product_id === id))}`,
    );
  }
}

/** The order pieces of each bundle snapshot the changes move, by snapshot id, zeros dropped. */
function snapshotChanges(changes: readonly ReservationChange[]): [number, number][] {
  const summed = new Map<number, number>();
  for (const change of changes) {
    if (!change.orderPieces) continue;
    if (change.bundleSnapshotId === undefined) {
      throw new Error(`order pieces of product ${change.productId} changed without its bundle snapshot`);
    }
    summed.set(change.bundleSnapshotId, (summed.get(change.bundleSnapshotId) ?? 0) + change.orderPieces);
  }
  return [...summed].filter(([, pieces]) => pieces !== 0).sort(([a], [b]) => a - b);
}

/**
 * The bundle snapshot of each product's current bundle (decision 99), created when no order item was
 * placed with these contents yet: what order items placed now are made of. Two placings at once agree
 * on one row (the unique contents key). One statement creates the missing snapshots and reads the rest;
 * a snapshot another placing created after that statement began is neither created nor seen by it, so
 * the products left without one are read again.
 */
export async function currentBundleSnapshots(
  tx: Tx | Db,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const current = (of: readonly number[]) => sql`
    select p.id as product_id,
           coalesce((select string_agg(b.product_item_id || 'x' || b.quantity, ',' order by b.product_item_id)
                       from product_bundles b where b.product_id = p.id), '') as lines_key
      from products p where p.id = any(${sql.param([...of])}::int[])`;
  const existing = (of: readonly number[]) => sql`
    select s.id, s.product_id from bundle_snapshots s
      join (${current(of)}) k on k.product_id = s.product_id and k.lines_key = s.lines_key`;
  const rows = await preparedRowsOf<{ id: number; product_id: number }>(
    tx,
    'current_bundle_snapshots',
    sql`with created as (
          insert into bundle_snapshots (product_id, lines_key) ${current(ids)}
          on conflict (product_id, lines_key) do nothing
          returning id, product_id),
        created_lines as (
          insert into bundle_snapshot_lines (snapshot_id, product_item_id, quantity)
          select c.id, b.product_item_id, b.quantity from created c join product_bundles b on b.product_id = c.product_id)
        select id, product_id from created
        union all
        ${existing(ids)}`,
  );
  const snapshots = new Map(rows.map((row) => [row.product_id, row.id]));
  const missed = ids.filter((id) => !snapshots.has(id));
  if (missed.length > 0) {
    for (const row of await rowsOf<{ id: number; product_id: number }>(tx, existing(missed))) {
      snapshots.set(row.product_id, row.id);
    }
  }
  return snapshots;
}

const OPEN_ITEM_STATUSES = statusList(RESERVING_ITEM_STATUSES);

/**
 * The demand summed from the rows, per product `where` selects (a condition on `p`): what
 * the counters must equal. The counters' test oracle, and the recount below.
 */
export function summedReservationsStatement(where: SQL = sql`true`): SQL {
  return sql`
    select p.id as product_id,
           coalesce((select sum(bl.quantity) from basket_lines bl where bl.product_id = p.id), 0)::int
             as basket_pieces,
           coalesce((select sum(oi.quantity - oi.loaded_quantity) from order_items oi
                      where oi.product_id = p.id and oi.status in (${OPEN_ITEM_STATUSES})), 0)::int
             as order_pieces
      from products p where ${where}`;
}

/**
 * The order pieces of each bundle snapshot of the products `where` selects, summed from the items (one
 * pass over the open items, however many snapshots).
 */
export function summedSnapshotReservationsStatement(where: SQL = sql`true`): SQL {
  return sql`
    select s.id as snapshot_id, coalesce(x.pieces, 0)::int as order_pieces
      from bundle_snapshots s
      join products p on p.id = s.product_id
      left join (select oi.bundle_snapshot_id, sum(oi.quantity - oi.loaded_quantity) as pieces
                   from order_items oi where oi.status in (${OPEN_ITEM_STATUSES})
                  group by oi.bundle_snapshot_id) x on x.bundle_snapshot_id = s.id
     where ${where}`;
}

/** Sets the bundle snapshots' order pieces of the products `where` selects to their items' sums. */
export const recountSnapshotReservationsStatement = (where: SQL = sql`true`): SQL => sql`
  update bundle_snapshots s set order_pieces = x.order_pieces
    from (${summedSnapshotReservationsStatement(where)}) x
   where s.id = x.snapshot_id and s.order_pieces <> x.order_pieces`;

/** Sets the counters of the products `where` selects to the sums, making a missing counter row. */
export const recountProductReservationsStatement = (where: SQL = sql`true`): SQL => sql`
  insert into product_reservations (product_id, basket_pieces, order_pieces)
  ${summedReservationsStatement(where)}
  on conflict (product_id) do update
    set basket_pieces = excluded.basket_pieces, order_pieces = excluded.order_pieces`;

/**
 * Sets the counters of the products `where` selects to the sums, for writers that change basket lines
 * or order items in bulk SQL rather than through the services (the demo seed, the benchmark's data set,
 * tests forcing statuses). Not for concurrent use: it takes no item locks.
 */
export async function recountReservations(db: Db | Tx, where: SQL = sql`true`): Promise<void> {
  await db.execute(recountSnapshotReservationsStatement(where));
  await db.execute(recountProductReservationsStatement(where));
}
