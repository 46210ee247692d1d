import {
  type CreateDriverBody,
  DRIVER_STATUS_LABELS,
  type Driver,
  type DriverStatus,
  type Gender,
  type UpdateDriverBody,
} from '@mandira/contract/fleet';
import { CLOSED_SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import { enumDescription } from '@mandira/contract/state-machine';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';
import type { Actor } from '../../http/auth.ts';
import { recordsOf } from '../vehicles-and-drivers/record-writes.ts';

type CreateInput = z.output<typeof CreateDriverBody>;
type UpdateInput = z.output<typeof UpdateDriverBody>;

type DriverRow = {
  id: number;
  name: string;
  surname: string;
  gender: Gender | null;
  date_of_birth: string | null;
  phone: string;
  tckn: string | null;
  licence_number: string;
  status: DriverStatus;
  open_shipment_id: number | null;
  open_shipment_code: string | null;
  version: number;
};

async function findDrivers(db: Db | Tx, where: SQL): Promise<Driver[]> {
  const rows = await rowsOf<DriverRow>(
    db,
    sql`select d.id, d.name, d.surname, d.gender, d.date_of_birth::text as date_of_birth, d.phone, d.tckn,
               d.licence_number, d.status, s.id as open_shipment_id, s.code as open_shipment_code, d.version
          from drivers d
          left join shipments s on s.driver_id = d.id and ${statusNotIn('s.status', CLOSED_SHIPMENT_STATUSES)}
         where ${where}
         order by d.name, d.surname, d.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    name: row.name,
    surname: row.surname,
    fullName: `${row.name} ${row.surname}`,
    gender: row.gender,
    dateOfBirth: row.date_of_birth,
    phone: row.phone,
    tckn: row.tckn,
    licenceNumber: row.licence_number,
    status: row.status,
    statusDetail: enumDescription(DRIVER_STATUS_LABELS, row.status),
    openShipmentId: row.open_shipment_id,
    openShipmentCode: row.open_shipment_code,
  }));
}

export function listDrivers(db: Db | Tx): Promise<Driver[]> {
  return findDrivers(db, sql`true`);
}

const DRIVERS = recordsOf<Driver>({
  table: 'drivers',
  entityType: 'DRIVER',
  notFound: 'Sürücü bulunamadı.',
  read: async (db, id) => (await findDrivers(db, sql`d.id = ${id}`))[0],
});

export function getDriver(db: Db | Tx, id: number): Promise<Driver> {
  return DRIVERS.get(db, id);
}

const valuesOf = (input: CreateInput) =>
  sql`${input.name}, ${input.surname}, ${input.gender}, ${input.dateOfBirth}::date, ${input.phone},
      ${input.tckn}, ${input.licenceNumber}, ${input.status}`;

/** `POST /shipments/vehicleDrivers`. */
export function createDriver(tx: Tx, actor: Actor, input: CreateInput): Promise<Driver> {
  return DRIVERS.create(tx, actor, async () => {
    const [created] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into drivers (name, surname, gender, date_of_birth, phone, tckn, licence_number, status)
          values (${valuesOf(input)}) returning id`,
    );
    return created!.id;
  });
}

/**
 * `PUT /shipments/vehicleDrivers`. Any status may be chosen by hand; shipments set it too,
 * and a driver on vacation is not put on a new shipment.
 */
export function updateDriver(tx: Tx, actor: Actor, input: UpdateInput): Promise<Driver> {
  return DRIVERS.update(tx, actor, input, {
    write: async () => {
      const updated = await rowsOf<{ id: number }>(
        tx,
        sql`update drivers
               set (name, surname, gender, date_of_birth, phone, tckn, licence_number, status) = (${valuesOf(input)}),
                   updated_at = now()
             where id = ${input.id} returning id`,
      );
      return updated.length > 0;
    },
  });
}
