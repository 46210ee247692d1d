import { StockCountBulkBody, StockExportBulkBody, StockImportBulkBody } from '@mandira/contract/stock';
import { FIELD_MESSAGES } from '../../lib/forms/contract-resolver.ts';
import { readServerError } from '../../lib/forms/server-error.ts';
import type { StockMovement } from './api.ts';
import { type LotErrors, lineOfField, lotFieldOf, sentLines } from './stock-changes.ts';

export type MovementFailure = {
  lineErrors: Record<number, string>;
  /** A lot field's refusal (its code, a day, the chosen lot), by line. */
  lotErrors: LotErrors;
  message: string | undefined;
};

const SCHEMAS = { import: StockImportBulkBody, export: StockExportBulkBody, count: StockCountBulkBody };

/** On the lot or quantity field of the line `field` names, else in the alert. */
function failureAt(
  field: string | undefined,
  fieldMessage: string,
  message: string,
  body: StockMovement['body'],
): MovementFailure {
  const line = lineOfField(field, sentLines(body));
  if (line === undefined) return { lineErrors: {}, lotErrors: {}, message };
  const lotField = lotFieldOf(field);
  return lotField
    ? { lineErrors: {}, lotErrors: { [line]: { [lotField]: fieldMessage } }, message: undefined }
    : { lineErrors: { [line]: fieldMessage }, lotErrors: {}, message: undefined };
}

/** A refused movement as the modal shows it: on the quantity field it concerns, else in the alert. */
export function movementFailure(error: unknown, body: StockMovement['body']): MovementFailure {
  const failure = readServerError(error);
  return failureAt(failure.field, failure.fieldMessage, failure.message, body);
}

/** The contract's refusal of a movement before it is sent, shown as the server's would be. */
export function checkMovement(movement: StockMovement): MovementFailure | undefined {
  const result = SCHEMAS[movement.kind].safeParse(movement.body, FIELD_MESSAGES);
  const issue = result.error?.issues[0];
  if (!issue) return undefined;
  const field = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('');
  return failureAt(field.replace(/^\./, ''), issue.message, issue.message, movement.body);
}
