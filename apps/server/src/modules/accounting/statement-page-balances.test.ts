import type { AccountStatement, StatementLine } from '@mandira/contract/accounting';
import { addDays, istanbulDate, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingWorld,
  accountingWorld,
  statementOf as statementOfBuyer,
} from '../../../test/builders/accounting-test-data.ts';
import { buyer, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';
import { movements, spanOfDays } from './account-movements.ts';

let w: AccountingWorld;
let buyerId: number;
const today = istanbulDate(new Date());
const from = addDays(today, -5);

/**
 * A buyer whose movements crowd onto few instants: an order placed eight days ago (before the range),
 * then 12 orders placed at one instant three days ago, each paid twice at one instant an hour later.
 * Every third order's dealt total is less than its total: most of those changed an hour later (their
 * adjustment shares the payments' instant), one at the placing instant itself, and one last changed
 * before its ledger entry (its adjustment is dated by the NEW_ORDER row).
 */
beforeAll(async () => {
  w = await accountingWorld();
  buyerId = (await buyer(w)).id;
  const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
  const first = await placedOrder(w, buyerId, [{ productId, boxes: 1 }]);
  const placed = new Date(startOfIstanbulDay(addDays(today, -3)).getTime() + 9 * 3_600_000).toISOString();
  const before = new Date(startOfIstanbulDay(addDays(today, -8)).getTime() + 9 * 3_600_000).toISOString();
  await w.t.db.execute(sql`
    with o as (
      insert into orders (buyer_id, buyer_branch_id, status, total_price, dealt_total_price, created_at, updated_at)
      select f.buyer_id, f.buyer_branch_id, 'COMPLETED', 100, case when g % 3 = 0 then 90 - g else 100 end,
             ${placed}::timestamptz,
             case when g = 3 then ${placed}::timestamptz
                  when g = 6 then ${placed}::timestamptz - interval '1 hour'
                  else ${placed}::timestamptz + interval '1 hour' end
        from orders f, generate_series(1, 12) g
       where f.id = ${first.id}
      returning id, buyer_id, created_at)
    insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, created_at)
    select o.buyer_id, o.id, 'NEW_ORDER', null, 100, o.created_at from o
    union all
    select o.buyer_id, o.id, 'ORDER_PAYMENT', 'CASH', p * 7.25, o.created_at + interval '1 hour'
      from o, generate_series(1, 2) p`);
  await w.t.db.execute(sql`
    insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, created_at)
    values (${buyerId}, ${first.id}, 'ORDER_PAYMENT', 'BANK_TRANSFER', 3.5, ${before}::timestamptz)`);
});
afterAll(() => w.close());

const statementOf = (query: string) => statementOfBuyer(w, buyerId, query);
const key = (line: StatementLine) => `${line.kind}:${line.transactionId ?? line.orderId}`;

/** The range's balances summed from scratch: every movement of the range after the opening, in order. */
const fromScratch = async (opening: number, range: ReturnType<typeof spanOfDays>) =>
  (
    await rowsOf<{ kind: string; id: number; balance: string }>(
      w.t.db,
      sql`select m.kind, coalesce(m.transaction_id, m.order_id) as id,
                 (${opening}::numeric(20,2) + sum(m.signed) over (order by m.at, m.seq, m.tie))::numeric(20,2)::text as balance
            from (${movements(buyerId, range)}) m
           order by m.at, m.seq, m.tie`,
    )
  ).map((row) => [`${row.kind}:${row.id}`, Number(row.balance)]);

describe('a page of the statement carries the balances of the whole statement (decision 171)', () => {
  for (const [name, range] of [
    ['from the first movement', ''],
    ['from a day in the range', `&from=${from}`],
  ] as const) {
    it(`holds ${name}, across page boundaries inside one instant, from either end`, async () => {
      const whole = await statementOf(range);
      const count = whole.lines.length;
      expect(count).toBeGreaterThanOrEqual(range ? 40 : 41);
      // The adjustments share instants with the transactions, and one is dated by its NEW_ORDER row.
      expect(whole.lines.filter((line) => line.kind === 'ORDER_ADJUSTMENT')).toHaveLength(4);
      expect(new Set(whole.lines.map((line) => line.date)).size).toBeLessThan(count / 5);
      expect(whole.lines.map((line) => [key(line), line.balance])).toEqual(
        await fromScratch(whole.openingBalance, spanOfDays(range ? from : null, today)),
      );
      expect(whole.closingBalance).toBeCloseTo(
        whole.openingBalance + whole.totalDebit - whole.totalCredit,
        2,
      );
      for (const size of [1, 3, 7, 16, count + 1]) {
        const pages: AccountStatement[] = [];
        for (let page = 1; page <= Math.ceil(count / size); page++) {
          pages.push(await statementOf(`${range}&page=${page}&size=${size}`));
        }
        expect(
          pages.flatMap((page) => page.lines),
          `size ${size}`,
        ).toEqual(whole.lines);
        for (const page of pages) {
          expect(page).toMatchObject({
            openingBalance: whole.openingBalance,
            totalDebit: whole.totalDebit,
            totalCredit: whole.totalCredit,
            closingBalance: whole.closingBalance,
            paging: { size, count, totalPages: Math.ceil(count / size) },
          });
        }
      }
      const past = await statementOf(`${range}&page=${count + 1}&size=1`);
      expect(past.lines).toEqual([]);
      expect(past.closingBalance).toBe(whole.closingBalance);
    });
  }
});
