/**
 * The stock ledger's invariants (docs/domain/stock.md, "The stock ledger") checked straight in SQL after
 * a run, whatever the run did through the API.
 */

export type LedgerReport = {
  lines: number;
  historyRows: number;
  /** Lines whose quantity is not the sum of their history's changes. */
  sumMismatches: { id: number; quantity: number; historySum: number }[];
  negativeLines: number;
  /** Lots on a line holding fewer than zero pieces. */
  negativeLots: number;
  /** History rows whose quantity_after_change is not the previous row's plus this change. */
  brokenChains: { id: number; stockLineId: number }[];
  /** Lines whose quantity is not the sum of their lots', and lots on a line whose pieces are not the sum of their history there. */
  lotMismatches: string[];
  lotRows: number;
};

/** A connection to read the ledger through: node-postgres, or the embedded database itself. */
export type SqlReader = {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

/**
 * Every line's quantity is the sum of its history, no line is negative, and each line's history, in id
 * order, is one unbroken running sum (a lost update would show as a row that starts from a stale
 * quantity).
 */
export async function checkLedger(client: SqlReader): Promise<LedgerReport> {
  const sums = await client.query<{ id: number; quantity: number; history_sum: string }>(
    `select l.id, l.quantity, coalesce(h.total, 0) as history_sum
       from stock_lines l
       left join (select stock_line_id, sum(quantity_change) as total from stock_history group by stock_line_id) h
         on h.stock_line_id = l.id
      where l.quantity <> coalesce(h.total, 0)
      order by l.id limit 20`,
  );
  const counts = await client.query<{
    lines: number;
    negative: number;
    negative_lots: number;
    history: string;
  }>(
    `select (select count(*) from stock_lines)::int as lines,
            (select count(*) from stock_lines where quantity < 0)::int as negative,
            (select count(*) from lot_stocks where quantity < 0)::int as negative_lots,
            (select count(*) from stock_history) as history`,
  );
  const chains = await client.query<{ id: string; stock_line_id: number }>(
    `select id, stock_line_id from (
        select id, stock_line_id, quantity_change, quantity_after_change,
               lag(quantity_after_change, 1, 0) over (partition by stock_line_id order by id) as before
          from stock_history) h
      where before + quantity_change <> quantity_after_change
      order by id limit 20`,
  );
  // Lots (decision 151): a line is the sum of its lots, and a lot on a line the sum of its history rows there.
  const lots = await client.query<{ problem: string }>(
    `select 'line ' || l.id || ' holds ' || l.quantity || ' but its lots ' || coalesce(s.total, 0) as problem
       from stock_lines l
       left join (select stock_line_id, sum(quantity) as total from lot_stocks group by stock_line_id) s
         on s.stock_line_id = l.id
      where l.quantity <> coalesce(s.total, 0)
     union all
     select 'lot ' || coalesce(ls.lot_id, h.lot_id) || ' on line ' || coalesce(ls.stock_line_id, h.stock_line_id)
            || ' holds ' || coalesce(ls.quantity, 0) || ' but its history sums to ' || coalesce(h.total, 0)
       from lot_stocks ls
       full join (select stock_line_id, lot_id, sum(quantity_change) as total from stock_history
                   group by stock_line_id, lot_id) h on h.stock_line_id = ls.stock_line_id and h.lot_id = ls.lot_id
      where coalesce(ls.quantity, 0) <> coalesce(h.total, 0)
     limit 20`,
  );
  const lotRows = await client.query<{ rows: number }>('select count(*)::int as rows from lot_stocks');
  return {
    lotMismatches: lots.rows.map((row) => row.problem),
    lotRows: lotRows.rows[0]!.rows,
    lines: counts.rows[0]!.lines,
    historyRows: Number(counts.rows[0]!.history),
    sumMismatches: sums.rows.map((row) => ({
      id: row.id,
      quantity: row.quantity,
      historySum: Number(row.history_sum),
    })),
    negativeLines: counts.rows[0]!.negative,
    negativeLots: counts.rows[0]!.negative_lots,
    brokenChains: chains.rows.map((row) => ({ id: Number(row.id), stockLineId: row.stock_line_id })),
  };
}

/** Human lines for a ledger report; empty `problems` means it holds. */
export function describeLedger(report: LedgerReport): { summary: string; problems: string[] } {
  const problems: string[] = [];
  for (const line of report.sumMismatches) {
    problems.push(`line ${line.id}: quantity ${line.quantity} but its history sums to ${line.historySum}`);
  }
  if (report.negativeLines > 0) problems.push(`${report.negativeLines} lines are negative`);
  if (report.negativeLots > 0) problems.push(`${report.negativeLots} lots on a line are negative`);
  for (const row of report.brokenChains) {
    problems.push(`history row ${row.id} of line ${row.stockLineId} does not follow the row before it`);
  }
  problems.push(...report.lotMismatches);
  const summary =
    `${report.lines} stock lines, ${report.lotRows} lot rows, ${report.historyRows} history rows: ` +
    (problems.length === 0
      ? 'every quantity = sum of its lots = sum of its history, every lot = sum of its history, no line or lot negative, every history an unbroken running sum'
      : `${problems.length} violations`);
  return { summary, problems };
}
