import { z } from 'zod';
import {
  atMostDecimals,
  idOf,
  NOT_A_NUMBER,
  NOT_A_TEXT,
  optionalPhone,
  optionalText,
  text,
} from './fields.ts';
import { GENDERS, Gender, optionalDateOfBirth, optionalGender, optionalTckn } from './people.ts';
import { EnumDescription } from './products.ts';
import { purchaseNotBeforeProduction, vehicleYear } from './vehicle-fields.ts';

/** The order logistics fleet: vehicles and their drivers (docs/domain/loading-and-shipments.md). */

export { GENDERS, Gender };

// ---------- statuses ----------

export const VEHICLE_STATUS_LABELS = {
  AVAILABLE: 'Müsait',
  IN_MAINTENANCE: 'Bakımda',
  OUT_OF_SERVICE: 'Hizmet Dışı',
  /** Never stored: shown while the vehicle is on an open shipment. */
  ON_SHIPMENT: 'Sevkiyatta',
} as const;
export type VehicleStatus = keyof typeof VEHICLE_STATUS_LABELS;
/** The statuses a user sets by hand; ON_SHIPMENT follows from the shipments. */
export const VEHICLE_SETTABLE_STATUSES = ['AVAILABLE', 'IN_MAINTENANCE', 'OUT_OF_SERVICE'] as const;
export type VehicleSettableStatus = (typeof VEHICLE_SETTABLE_STATUSES)[number];
export const VehicleSettableStatus = z.enum(VEHICLE_SETTABLE_STATUSES, {
  error: `Geçersiz araç durumu; beklenen: ${VEHICLE_SETTABLE_STATUSES.join(', ')}`,
});

export const DRIVER_STATUS_LABELS = {
  AVAILABLE: 'Müsait',
  LOAD_WEIGHT_CHECK: 'Yük Kontrolünde',
  ON_DELIVERY: 'Teslimatta',
  ON_VACATION: 'İzinli',
} as const;
export type DriverStatus = keyof typeof DRIVER_STATUS_LABELS;
export const DRIVER_STATUSES = Object.keys(DRIVER_STATUS_LABELS) as DriverStatus[];
/** The user may choose any driver status; shipments set it too (docs/domain/loading-and-shipments.md). */
export const DriverStatus = z.enum(DRIVER_STATUSES as [DriverStatus, ...DriverStatus[]], {
  error: `Geçersiz sürücü durumu; beklenen: ${DRIVER_STATUSES.join(', ')}`,
});

// ---------- request fields ----------

const entityId = idOf('Geçerli bir kayıt numarası giriniz.');
export const FleetIdParams = z.object({ id: entityId });

/** The most a lorry of the fleet could carry or burn: bounds that keep typing mistakes out. */
export const MAX_CAPACITY_TONS = 100;
export const MAX_PALLETS = 100;
export const MAX_FUEL_LITRES_PER_100_KM = 200;

/** A figure ≥ 0 with at most two decimals; missing counts as 0. */
const figure = (max: number, unit: string) =>
  z
    .number(NOT_A_NUMBER)
    .min(0, 'Negatif olamaz.')
    .max(max, `En fazla ${max} ${unit} olabilir.`)
    .refine(...atMostDecimals(2))
    .nullish()
    .transform((value) => value ?? 0);

/** A year; missing means the current year. */
const year = vehicleYear(() => new Date().getFullYear());

/** Plates are written upper case with single spaces ('34 ABC 123'); uniqueness ignores the spaces. */
export const licencePlate = text(NOT_A_TEXT)
  .trim()
  .min(1, 'Plaka zorunludur.')
  .max(20, 'Plaka en fazla 20 karakter olabilir.')
  .transform((plate) => plate.replace(/\s+/g, ' ').toLocaleUpperCase('tr-TR'));

const vehicleFields = {
  licencePlateCode: licencePlate,
  brand: optionalText(50),
  model: optionalText(50),
  productionYear: year,
  yearOfPurchase: year,
  capacityInTons: figure(MAX_CAPACITY_TONS, 'ton'),
  palletCapacity: z
    .number(NOT_A_NUMBER)
    .int('Palet kapasitesi tam sayı olmalıdır.')
    .min(0, 'Negatif olamaz.')
    .max(MAX_PALLETS, `En fazla ${MAX_PALLETS} palet olabilir.`)
    .nullish()
    .transform((value) => value ?? 0),
  fuelConsumptionEmpty: figure(MAX_FUEL_LITRES_PER_100_KM, 'lt/100km'),
  fuelConsumptionHalfFull: figure(MAX_FUEL_LITRES_PER_100_KM, 'lt/100km'),
  fuelConsumptionFull: figure(MAX_FUEL_LITRES_PER_100_KM, 'lt/100km'),
  status: VehicleSettableStatus.nullish().transform((value) => value ?? 'AVAILABLE'),
  /** The drivers assigned to the vehicle (shown as text in the list); left out keeps them as they are. */
  driverIds: z
    .array(idOf('Geçerli bir sürücü seçiniz.'), NOT_A_NUMBER)
    .max(20, 'En fazla 20 sürücü atanabilir.')
    .optional(),
};

/** `POST /shipments/vehicle`. */
export const CreateVehicleBody = z.object(vehicleFields).superRefine(purchaseNotBeforeProduction);
export type CreateVehicleBody = z.input<typeof CreateVehicleBody>;
/** `PUT /shipments/vehicle`. */
export const UpdateVehicleBody = z
  .object({ id: entityId, ...vehicleFields })
  .superRefine(purchaseNotBeforeProduction);
export type UpdateVehicleBody = z.input<typeof UpdateVehicleBody>;

const driverFields = {
  name: text(NOT_A_TEXT).trim().min(1, 'Ad zorunludur.').max(100, 'En fazla 100 karakter girilebilir.'),
  surname: text(NOT_A_TEXT).trim().min(1, 'Soyad zorunludur.').max(100, 'En fazla 100 karakter girilebilir.'),
  gender: optionalGender(),
  dateOfBirth: optionalDateOfBirth(),
  phone: optionalPhone(30),
  tckn: optionalTckn(),
  licenceNumber: optionalText(30),
  status: DriverStatus.nullish().transform((value) => value ?? 'AVAILABLE'),
};

/** `POST /shipments/vehicleDrivers`. */
export const CreateDriverBody = z.object(driverFields);
export type CreateDriverBody = z.input<typeof CreateDriverBody>;
/** `PUT /shipments/vehicleDrivers`. */
export const UpdateDriverBody = z.object({ id: entityId, ...driverFields });
export type UpdateDriverBody = z.input<typeof UpdateDriverBody>;

// ---------- answers ----------

export const Vehicle = z.object({
  id: z.number().int(),
  licencePlateCode: z.string(),
  brand: z.string(),
  model: z.string(),
  /** 'plate · brand model', as orders and shipments name the vehicle. */
  description: z.string(),
  productionYear: z.number().int(),
  yearOfPurchase: z.number().int(),
  capacityInTons: z.number(),
  palletCapacity: z.number().int(),
  /** Palettes of the open orders that plan this vehicle (their estimated palette counts summed). */
  plannedPaletteCount: z.number().int(),
  fuelConsumptionEmpty: z.number(),
  fuelConsumptionHalfFull: z.number(),
  fuelConsumptionFull: z.number(),
  /** The stored status (what the edit form sets). */
  status: VehicleSettableStatus,
  /** What the list shows: ON_SHIPMENT while on an open shipment, else the stored status. */
  statusDetail: EnumDescription,
  /** Assigned drivers, 'Ad Soyad, Ad Soyad'. */
  drivers: z.string(),
  driverIds: z.array(z.number().int()),
  /** The open shipment the vehicle is on, if any. */
  openShipmentId: z.number().int().nullable(),
  openShipmentCode: z.string().nullable(),
});
export type Vehicle = z.infer<typeof Vehicle>;

export const Driver = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  gender: Gender.nullable(),
  /** 'YYYY-MM-DD' */
  dateOfBirth: z.string().nullable(),
  phone: z.string(),
  tckn: z.string().nullable(),
  licenceNumber: z.string(),
  status: DriverStatus,
  statusDetail: EnumDescription,
  openShipmentId: z.number().int().nullable(),
  openShipmentCode: z.string().nullable(),
});
export type Driver = z.infer<typeof Driver>;

/** How orders and shipments name a vehicle: 'plate · brand model'. */
export function vehicleDescription(vehicle: { licencePlateCode: string; brand: string; model: string }) {
  const name = `${vehicle.brand} ${vehicle.model}`.trim();
  return name ? `${vehicle.licencePlateCode} · ${name}` : vehicle.licencePlateCode;
}

// ---------- vehicle planning on orders ----------

/** `PUT /orders/{id}/plan-shipment-vehicle` and `…/order-item/{itemId}/plan-shipment-vehicle`. */
export const PlanVehicleBody = z.object({ vehicleId: idOf('Geçerli bir araç seçiniz.') });
export type PlanVehicleBody = z.input<typeof PlanVehicleBody>;

export const MAX_PALETTE_COUNT = 1000;
/** `PUT /orders/{id}/estimate-palette-count`. */
export const PaletteCountBody = z.object({
  count: z
    .number(NOT_A_NUMBER)
    .int('Palet sayısı tam sayı olmalıdır.')
    .min(0, 'Negatif olamaz.')
    .max(MAX_PALETTE_COUNT, `En fazla ${MAX_PALETTE_COUNT} palet girilebilir.`),
});
export type PaletteCountBody = z.input<typeof PaletteCountBody>;
