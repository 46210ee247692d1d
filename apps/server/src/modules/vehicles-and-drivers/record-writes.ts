import type { AuditEntityType } from '@mandira/contract/audit';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';

type RecordTable = 'vehicles' | 'drivers' | 'milk_vehicles' | 'milk_vehicle_drivers';

/** A record as its answer shows it: its fields by name, as the audit trail takes them. */
export type RecordAnswer = Readonly<Record<string, unknown>>;

/**
 * One kind of vehicle or driver record: the fleet's order vehicles and drivers, milk collection's
 * vehicles and drivers. Each has an edit form (a version), an audit trail and a 404 of its own.
 */
export type VehicleOrDriverKind<T, Table extends RecordTable = RecordTable> = {
  table: Table;
  entityType: AuditEntityType;
  /** The Turkish 404 message: 'Araç bulunamadı.' */
  notFound: string;
  /** The record as its answer shows it, or undefined when there is none. */
  read: (db: Db | Tx, id: number) => Promise<T | undefined>;
};

export type EditSteps = {
  /** A refusal that needs the row locked but not yet read, such as a plate another vehicle has. */
  check?: () => Promise<void>;
  /** Writes the record; false when its row is gone. */
  write: () => Promise<boolean>;
};

/** How every vehicle and driver record is read, created and edited. */
export function recordsOf<T extends RecordAnswer>(kind: VehicleOrDriverKind<T>) {
  /** The record, or the kind's 404. */
  async function get(db: Db | Tx, id: number): Promise<T> {
    const record = await kind.read(db, id);
    if (!record) throw notFound(kind.notFound);
    return record;
  }

  return {
    get,

    /**
     * A new record: `insert` writes it (and what hangs on it) and gives its id; the creator becomes
     * its writer, and the audit trail gets the record as its answer shows it.
     */
    async create(tx: Tx, actor: Actor, insert: () => Promise<number>): Promise<T> {
      const id = await insert();
      await stampCreated(tx, kind.table, id, actor);
      const after = await get(tx, id);
      await recordChange(tx, actor, { action: 'CREATE', entityType: kind.entityType, entityId: id, after });
      return after;
    },

    /**
     * An edit from a form: the row is locked and its version checked and taken (409 when someone
     * changed it since the form read it), then `check`, then the write; the audit trail gets the
     * record before and after as its answer shows it. An unknown id is the kind's 404.
     */
    async update(
      tx: Tx,
      actor: Actor,
      target: { id: number; version?: number },
      steps: EditSteps,
    ): Promise<T> {
      await takeNextVersion(tx, kind.table, target.id, actor, target.version);
      await steps.check?.();
      const before = await get(tx, target.id);
      if (!(await steps.write())) throw notFound(kind.notFound);
      const after = await get(tx, target.id);
      await recordChange(tx, actor, {
        action: 'UPDATE',
        entityType: kind.entityType,
        entityId: target.id,
        before,
        after,
      });
      return after;
    },
  };
}
