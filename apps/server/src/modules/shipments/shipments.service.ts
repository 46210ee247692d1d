import { DRIVER_STATUS_LABELS, VEHICLE_STATUS_LABELS } from '@mandira/contract/fleet';
import { EDITABLE_SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS } from '@mandira/contract/shipment-machine';
import type { CreateShipmentBody, UpdateShipmentBody } from '@mandira/contract/shipments';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, isUniqueViolation, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { type RouteFigures, type RoutingSettings, routeOf } from '../routing/routing.ts';
import {
  auditedFields,
  buyerWarehousePoints,
  findBuyerWarehouseIds,
  findShipmentWithCode,
  findWarehouseId,
  insertShipment,
  lockDriver,
  lockShipmentForEdit,
  lockVehicle,
  openShipmentOf,
  updateShipmentRow,
  warehousePoint,
} from './shipment-edits.repo.ts';

type CreateInput = z.output<typeof CreateShipmentBody>;
type UpdateInput = z.output<typeof UpdateShipmentBody>;
type Stops = Pick<
  CreateInput,
  'fromWarehouseId' | 'intermediateWarehouse1Id' | 'intermediateWarehouse2Id' | 'toWarehouseId'
>;

/**
 * The route through the stops, computed before the transaction opens (decision 69): a routing service
 * may take seconds, and no database connection (PGlite has one) should wait for it. Unknown
 * warehouses simply have no coordinates here; the transaction refuses them.
 */
export async function routeForStops(db: Db, stops: Stops, settings: RoutingSettings): Promise<RouteFigures> {
  const buyerStops = buyerStopsOf(stops);
  const from = await warehousePoint(db, stops.fromWarehouseId);
  const found = await buyerWarehousePoints(
    db,
    buyerStops.map((one) => one.id),
  );
  const unknown = { latitude: null, longitude: null };
  const points = [
    from ?? unknown,
    ...buyerStops.map((one) => found.find((row) => row.id === one.id) ?? unknown),
  ];
  return routeOf(points, settings);
}

/** The buyer warehouses of the route in driving order, with the request field naming each. */
function buyerStopsOf(stops: Stops): { id: number; field: string }[] {
  const list: { id: number | null; field: string }[] = [
    { id: stops.intermediateWarehouse1Id, field: 'intermediateWarehouse1Id' },
    { id: stops.intermediateWarehouse2Id, field: 'intermediateWarehouse2Id' },
    { id: stops.toWarehouseId, field: 'toWarehouseId' },
  ];
  return list.filter((one): one is { id: number; field: string } => one.id !== null);
}

/** The stops exist, and no buyer warehouse is visited twice. */
async function assertStops(tx: Tx, stops: Stops): Promise<void> {
  const from = await findWarehouseId(tx, stops.fromWarehouseId);
  if (!from) throw new AppError('NOT_FOUND', 'Çıkış deposu bulunamadı.', 'fromWarehouseId');
  const buyerStops = buyerStopsOf(stops);
  const seen = new Set<number>();
  for (const one of buyerStops) {
    if (seen.has(one.id)) {
      throw new AppError('VALIDATION', 'Aynı müşteri deposu birden fazla durak olarak seçilemez.', one.field);
    }
    seen.add(one.id);
  }
  const found = await findBuyerWarehouseIds(tx, [...seen]);
  const missing = buyerStops.find((one) => !found.some((row) => row.id === one.id));
  if (missing) throw new AppError('NOT_FOUND', 'Müşteri deposu bulunamadı.', missing.field);
}

/** The vehicle may go: it exists, is AVAILABLE and on no other open shipment (409 otherwise). */
async function assertVehicleFree(tx: Tx, vehicleId: number, exceptId?: number): Promise<void> {
  const vehicle = await lockVehicle(tx, vehicleId);
  if (!vehicle) throw new AppError('NOT_FOUND', 'Araç bulunamadı.', 'vehicleId');
  if (vehicle.status !== 'AVAILABLE') {
    throw new AppError(
      'CONFLICT',
      `'${vehicle.plate}' plakalı araç müsait değil (${VEHICLE_STATUS_LABELS[vehicle.status]}).`,
      'vehicleId',
    );
  }
  const held = await openShipmentOf(tx, 'vehicle_id', vehicleId, exceptId);
  if (held) throw vehicleBusy(vehicle.plate, held.code);
}

const vehicleBusy = (plate: string, code: string) =>
  new AppError('CONFLICT', `'${plate}' plakalı araç açık bir sevkiyatta (${code}).`, 'vehicleId');
const driverBusy = (name: string, code: string) =>
  new AppError('CONFLICT', `${name} açık bir sevkiyatta (${code}).`, 'driverId');

/** The driver may go: exists, is not on vacation, is on no other open shipment (409 otherwise). */
async function assertDriverFree(tx: Tx, driverId: number, exceptId?: number): Promise<void> {
  const driver = await lockDriver(tx, driverId);
  if (!driver) throw new AppError('NOT_FOUND', 'Sürücü bulunamadı.', 'driverId');
  if (driver.status === 'ON_VACATION') {
    throw new AppError(
      'CONFLICT',
      `${driver.name} ${DRIVER_STATUS_LABELS.ON_VACATION.toLocaleLowerCase('tr-TR')}; sevkiyata atanamaz.`,
      'driverId',
    );
  }
  const held = await openShipmentOf(tx, 'driver_id', driverId, exceptId);
  if (held) throw driverBusy(driver.name, held.code);
}

async function assertCodeFree(tx: Tx, code: string, exceptId?: number): Promise<void> {
  const taken = await findShipmentWithCode(tx, code, exceptId);
  if (taken) throw codeTaken(code);
}
const codeTaken = (code: string) =>
  new AppError('DUPLICATE', `'${code}' kodlu bir sevkiyat zaten var.`, 'shipmentCode');

/** The name of the unique index a write violated, from the driver's error or its message. */
function violatedIndex(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const { constraint, message } = current as { constraint?: string; message?: string };
    if (constraint) return constraint;
    const named = /unique constraint "([^"]+)"/.exec(message ?? '');
    if (named) return named[1];
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Two requests racing past the checks: the partial unique indexes decide, answered as the checks would. */
async function withUniqueChecks<T>(input: CreateInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const index = violatedIndex(error);
    if (index === 'shipments_open_vehicle_key') throw vehicleBusy(`#${input.vehicleId}`, 'başka bir istek');
    if (index === 'shipments_open_driver_key')
      throw driverBusy(`Sürücü #${input.driverId}`, 'başka bir istek');
    throw codeTaken(input.shipmentCode);
  }
}

/** `POST /shipments`: a new shipment, PARKING. Answers its id. */
export async function createShipment(
  tx: Tx,
  actor: Actor,
  input: CreateInput & { route: RouteFigures },
): Promise<number> {
  await assertCodeFree(tx, input.shipmentCode);
  await assertStops(tx, input);
  await assertVehicleFree(tx, input.vehicleId);
  await assertDriverFree(tx, input.driverId);
  const created = await withUniqueChecks(input, () => insertShipment(tx, input, actor.userId || null));
  const after = await auditedFields(tx, created);
  await recordChange(tx, actor, { action: 'CREATE', entityType: 'SHIPMENT', entityId: created, after });
  return created;
}

/** `PUT /shipments`: route, vehicle, driver and description, while PARKING or PREPARING_TO_LOAD. */
export async function updateShipment(
  tx: Tx,
  actor: Actor,
  input: UpdateInput & { route: RouteFigures },
): Promise<void> {
  const current = await lockShipmentForEdit(tx, input.id);
  if (!current) throw notFound('Sevkiyat bulunamadı.');
  if (!EDITABLE_SHIPMENT_STATUSES.includes(current.status)) {
    throw new AppError(
      'CONFLICT',
      `'${SHIPMENT_STATUS_LABELS[current.status]}' durumundaki sevkiyat düzenlenemez; yalnızca ${EDITABLE_SHIPMENT_STATUSES.map(
        (status) => `'${SHIPMENT_STATUS_LABELS[status]}'`,
      ).join(' veya ')} durumunda düzenlenebilir.`,
    );
  }
  await assertCodeFree(tx, input.shipmentCode, input.id);
  await assertStops(tx, input);
  if (input.vehicleId !== current.vehicle_id) await assertVehicleFree(tx, input.vehicleId, input.id);
  if (input.driverId !== current.driver_id) await assertDriverFree(tx, input.driverId, input.id);
  const before = await auditedFields(tx, input.id);
  await withUniqueChecks(input, () => updateShipmentRow(tx, input));
  const after = await auditedFields(tx, input.id);
  await recordChange(tx, actor, {
    action: 'UPDATE',
    entityType: 'SHIPMENT',
    entityId: input.id,
    before,
    after,
  });
}
