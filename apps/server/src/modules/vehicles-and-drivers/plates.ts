import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { type AppError, isUniqueViolation } from '../../http/errors.ts';
import { type RecordAnswer, recordsOf, type VehicleOrDriverKind } from './record-writes.ts';

type VehicleTable = 'vehicles' | 'milk_vehicles';

/**
 * The plate rule of a vehicle table: no two vehicles of it carry the same plate, spaces ignored
 * ('34 ABC 123' and '34ABC123' are one plate; the contract writes plates upper case), which a unique
 * index on the plate without its spaces keeps. `taken` is the 409 the table's screen shows.
 */
export function plateRule(table: VehicleTable, taken: (plate: string) => AppError) {
  return {
    /** A readable 409 before the write; the unique index still decides when two requests race. */
    async refuseTaken(tx: Tx, plate: string, exceptId?: number): Promise<void> {
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from ${sql.identifier(table)}
             where replace(licence_plate_code, ' ', '') = ${plate.replaceAll(' ', '')}`,
      );
      if (row && row.id !== exceptId) throw taken(plate);
    },

    /** The write, its race lost on the unique index answered with the same 409. */
    async guard<T>(plate: string, write: () => Promise<T>): Promise<T> {
      try {
        return await write();
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(plate);
        throw error;
      }
    },
  };
}

/** The records of a vehicle table (`recordsOf`), every create and edit held to its plate rule. */
export function vehicleRecordsOf<T extends RecordAnswer>(
  kind: VehicleOrDriverKind<T, VehicleTable>,
  taken: (plate: string) => AppError,
) {
  const records = recordsOf(kind);
  const plates = plateRule(kind.table, taken);
  return {
    get: records.get,

    async create(tx: Tx, actor: Actor, plate: string, insert: () => Promise<number>): Promise<T> {
      await plates.refuseTaken(tx, plate);
      return records.create(tx, actor, () => plates.guard(plate, insert));
    },

    update(
      tx: Tx,
      actor: Actor,
      target: { id: number; version?: number; licencePlateCode: string },
      write: () => Promise<boolean>,
    ): Promise<T> {
      const plate = target.licencePlateCode;
      return records.update(tx, actor, target, {
        check: () => plates.refuseTaken(tx, plate, target.id),
        write: () => plates.guard(plate, write),
      });
    },
  };
}
