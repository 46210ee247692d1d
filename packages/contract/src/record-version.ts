import { z } from 'zod';
import { idOf } from './fields.ts';

/**
 * The version of an editable record (docs/domain/record-versions.md): 1 when created, one more after
 * every write. A form keeps the version it was opened with and sends it back with its changes.
 */
export const recordVersion = z
  .number()
  .int()
  .describe(
    'The version of the record: 1 when created, one more after every write. Send it back as `version` with an update to be told when someone else saved first.',
  );

/**
 * The version the record was read at, on an update. Optional so older callers keep working; when
 * given and the record has moved on, the update is refused with 409 CONFLICT naming who changed it.
 */
export const expectedVersion = idOf('Geçerli bir kayıt sürümü giriniz.')
  .optional()
  .describe(
    'The `version` the record had when it was read. Optional; when given and the record has been changed since, nothing is written and the answer is 409 CONFLICT with a Turkish message naming who changed it and when.',
  );

/** The field every update body of an editable record takes. */
export const versionField = { version: expectedVersion };

/**
 * How the 409 CONFLICT of a stale write begins; the web tells it from the other refusals by it and
 * offers to load the record's latest state.
 */
export const STALE_RECORD_OPENING = 'Bu kayıt siz açtıktan sonra';
