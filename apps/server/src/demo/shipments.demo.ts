import { CreateDriverBody, CreateVehicleBody } from '@mandira/contract/fleet';
import type { OrderStatus } from '@mandira/contract/order-machines';
import type { ShipmentAction } from '@mandira/contract/shipment-machine';
import { CreateShipmentBody } from '@mandira/contract/shipments';
import { completeTckn } from '@mandira/contract/tckn';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { statusIn } from '../db/status-sql.ts';
import type { Actor } from '../http/auth.ts';
import { createDriver } from '../modules/fleet/drivers.service.ts';
import { createVehicle } from '../modules/fleet/vehicles.service.ts';
import { actOnShipment } from '../modules/shipments/shipment-actions.service.ts';
import { createShipment, routeForStops } from '../modules/shipments/shipments.service.ts';
import {
  estimatePaletteCount,
  planOrderVehicle,
} from '../modules/vehicle-planning/vehicle-planning.service.ts';

const VEHICLES: [plate: string, brand: string, model: string, year: number, tons: number, pallets: number][] =
  [
    ['06 BMS 101', 'Ford', 'Cargo 1833', 2019, 18, 16],
    ['06 BMS 102', 'Mercedes-Benz', 'Atego 1224', 2020, 12, 10],
    ['06 BMS 103', 'Isuzu', 'NPR 10', 2021, 5, 6],
    ['06 BMS 104', 'Iveco', 'Eurocargo 120', 2018, 12, 10],
    ['35 SÜT 201', 'Mercedes-Benz', 'Actros 1845', 2022, 24, 33],
    ['35 SÜT 202', 'Volvo', 'FH 460', 2021, 24, 33],
    ['35 SÜT 203', 'Renault', 'Midlum 220', 2017, 10, 8],
    ['16 MND 301', 'Ford', 'Transit 350L', 2023, 1.5, 2],
    ['16 MND 302', 'Fiat', 'Ducato Frigo', 2022, 1.4, 2],
    ['34 MND 401', 'MAN', 'TGL 12.250', 2020, 12, 12],
    ['34 MND 402', 'DAF', 'LF 230', 2019, 12, 12],
    ['26 MND 501', 'Isuzu', 'NQR 8', 2016, 7.5, 8],
  ];

const DRIVERS: [name: string, surname: string, gender: 'Erkek' | 'Kadın', born: string][] = [
  ['Mustafa', 'Koç', 'Erkek', '1978-03-14'],
  ['Hüseyin', 'Kurt', 'Erkek', '1982-11-02'],
  ['İbrahim', 'Özdemir', 'Erkek', '1975-06-21'],
  ['Ömer', 'Aslan', 'Erkek', '1988-01-09'],
  ['Sevgi', 'Çetin', 'Kadın', '1990-08-30'],
  ['Murat', 'Kılıç', 'Erkek', '1984-05-17'],
  ['Ramazan', 'Yüksel', 'Erkek', '1979-12-25'],
  ['Şükrü', 'Güneş', 'Erkek', '1986-04-03'],
  ['Derya', 'Polat', 'Kadın', '1992-02-11'],
  ['Cengiz', 'Erdoğan', 'Erkek', '1981-09-27'],
  ['Yusuf', 'Bulut', 'Erkek', '1987-07-19'],
  ['Gökhan', 'Tekin', 'Erkek', '1983-10-08'],
];

/** Where each demo shipment has got to: the actions walked from PARKING. */
const SHIPMENT_STEPS: ShipmentAction[][] = [
  [],
  [],
  ['PREPARE_TO_LOAD'],
  ['PREPARE_TO_LOAD'],
  ['PREPARE_TO_LOAD', 'START_LOADING'],
  ['PREPARE_TO_LOAD', 'START_LOADING'],
  ['PREPARE_TO_LOAD', 'START_LOADING'],
];

/**
 * A dozen lorries and their drivers (two on leave, one lorry in maintenance), seven shipments from the
 * own warehouses to the demo buyers' delivery points, parked, preparing and loading, and vehicles planned
 * for some open orders. Later shipment states need loads, which the loading screens record.
 */
export async function seedShipmentsDemo(db: Db): Promise<void> {
  const [office] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where user_name = 'backoffice_admin'`,
  );
  const actor: Actor = {
    userId: office?.id ?? 0,
    userName: 'backoffice_admin',
    roles: ['BACKOFFICE_ADMIN'],
    privileges: new Set(),
    isSuperAdmin: true,
  };
  const drivers: number[] = [];
  for (const [index, [name, surname, gender, dateOfBirth]] of DRIVERS.entries()) {
    const body = CreateDriverBody.parse({
      name,
      surname,
      gender,
      dateOfBirth,
      phone: `0532 ${410 + index} ${String(10 + index * 3).padStart(2, '0')} ${String(20 + index).padStart(2, '0')}`,
      tckn: completeTckn(String(234_567_000 + index * 173)),
      licenceNumber: `CE-${String(481_200 + index * 37)}`,
      status: index === 10 || index === 11 ? 'ON_VACATION' : 'AVAILABLE',
    });
    drivers.push((await db.transaction((tx) => createDriver(tx, actor, body))).id);
  }
  const vehicles: number[] = [];
  for (const [index, [plate, brand, model, year, tons, pallets]] of VEHICLES.entries()) {
    const body = CreateVehicleBody.parse({
      licencePlateCode: plate,
      brand,
      model,
      productionYear: year,
      yearOfPurchase: Math.min(year + 1, new Date().getFullYear()),
      capacityInTons: tons,
      palletCapacity: pallets,
      fuelConsumptionEmpty: Math.round((12 + tons * 0.6) * 10) / 10,
      fuelConsumptionHalfFull: Math.round((14 + tons * 0.75) * 10) / 10,
      fuelConsumptionFull: Math.round((16 + tons * 0.9) * 10) / 10,
      status: index === 11 ? 'IN_MAINTENANCE' : 'AVAILABLE',
      driverIds: [drivers[index]!, drivers[(index + 6) % drivers.length]!],
    });
    vehicles.push((await db.transaction((tx) => createVehicle(tx, actor, body))).id);
  }

  const origins = await rowsOf<{ id: number }>(
    db,
    sql`select id from warehouses where latitude is not null order by id`,
  );
  const fallback = await rowsOf<{ id: number }>(db, sql`select id from warehouses order by id limit 1`);
  const stops = await rowsOf<{ id: number }>(
    db,
    sql`select id from buyer_warehouses where latitude is not null order by id limit 21`,
  );
  const from = origins.length > 0 ? origins : fallback;
  if (from.length === 0 || stops.length < 3) return;
  const settings = { weighbridgeTolerancePercent: 10 };
  for (const [index, steps] of SHIPMENT_STEPS.entries()) {
    const body = CreateShipmentBody.parse({
      shipmentCode: `SVK-2026-${String(101 + index)}`,
      vehicleId: vehicles[index]!,
      driverId: drivers[index]!,
      fromWarehouseId: from[index % from.length]!.id,
      intermediateWarehouse1Id: index % 2 === 0 ? stops[(index * 3 + 1) % stops.length]!.id : null,
      toWarehouseId: stops[(index * 3) % stops.length]!.id,
      description: ['Sabah dağıtımı', 'Haftalık bayi sevkiyatı', 'Soğuk zincir sevkiyatı', ''][index % 4],
    });
    // The demo computes its routes as the estimate: a demo must not depend on a routing service.
    const route = await routeForStops(db, body, { routingUrl: undefined });
    await db.transaction(async (tx) => {
      const id = await createShipment(tx, actor, { ...body, route });
      for (const action of steps) await actOnShipment(tx, actor, { id, action }, settings);
    });
  }

  // Vehicle planning on some open orders, with their estimated palettes.
  const open = await rowsOf<{ id: number }>(
    db,
    sql`select id from orders
         where ${statusIn('status', ['IN_REVIEW', 'IN_PROGRESS'] satisfies OrderStatus[])} order by id limit 6`,
  );
  for (const [index, order] of open.entries()) {
    await db.transaction(async (tx) => {
      await planOrderVehicle(tx, actor, { orderId: order.id, vehicleId: vehicles[7 + (index % 4)]! });
      await estimatePaletteCount(tx, actor, { orderId: order.id, count: 1 + (index % 3) });
    });
  }
}
