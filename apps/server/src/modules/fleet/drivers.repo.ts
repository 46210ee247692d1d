import type { CreateDriverBody, DriverStatus, Gender, UpdateDriverBody } from '@mandira/contract/fleet';
import { CLOSED_SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';

type CreateInput = z.output<typeof CreateDriverBody>;
type UpdateInput = z.output<typeof UpdateDriverBody>;

export type DriverRow = {
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

function driverRows(db: Db | Tx, where: SQL): Promise<DriverRow[]> {
  return rowsOf<DriverRow>(
    db,
    sql`select d.id, d.name, d.surname, d.gender, d.date_of_birth::text as date_of_birth, d.phone, d.tckn,
               d.licence_number, d.status, s.id as open_shipment_id, s.code as open_shipment_code, d.version
          from drivers d
          left join shipments s on s.driver_id = d.id and ${statusNotIn('s.status', CLOSED_SHIPMENT_STATUSES)}
         where ${where}
         order by d.name, d.surname, d.id`,
  );
}

/** Every driver, with the open shipment it is on. */
export const findDriverRows = (db: Db | Tx) => driverRows(db, sql`true`);

export const findDriverRow = async (db: Db | Tx, id: number) => (await driverRows(db, sql`d.id = ${id}`))[0];

const valuesOf = (input: CreateInput) =>
  sql`${input.name}, ${input.surname}, ${input.gender}, ${input.dateOfBirth}::date, ${input.phone},
      ${input.tckn}, ${input.licenceNumber}, ${input.status}`;

export async function insertDriver(tx: Tx, input: CreateInput): Promise<number> {
  const [created] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into drivers (name, surname, gender, date_of_birth, phone, tckn, licence_number, status)
          values (${valuesOf(input)}) returning id`,
  );
  return created!.id;
}

/** Writes the driver's fields; false when its row is gone. */
export async function writeDriver(tx: Tx, input: UpdateInput): Promise<boolean> {
  const updated = await rowsOf<{ id: number }>(
    tx,
    sql`update drivers
               set (name, surname, gender, date_of_birth, phone, tckn, licence_number, status) = (${valuesOf(input)}),
                   updated_at = now()
             where id = ${input.id} returning id`,
  );
  return updated.length > 0;
}
