import type { StockCountBulkBody, StockExportBulkBody, StockImportBulkBody } from '@mandira/contract/stock';
import { readServerError } from '../../lib/server-error.ts';
import { lineOfField, sentLines } from './stock-changes.ts';

export type MovementFailure = { lineErrors: Record<number, string>; message: string | undefined };

/** A refused movement as the modal shows it: on the quantity field it concerns, else in the alert. */
export function movementFailure(
  error: unknown,
  body: StockImportBulkBody | StockExportBulkBody | StockCountBulkBody,
): MovementFailure {
  const failure = readServerError(error);
  const line = lineOfField(failure.field, sentLines(body));
  return line === undefined
    ? { lineErrors: {}, message: failure.message }
    : { lineErrors: { [line]: failure.fieldMessage }, message: undefined };
}
