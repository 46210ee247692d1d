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
import { recordVersion, versionField } from './record-version.ts';
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
  .object({ id: entityId, ...vehicleFields, ...versionField })
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
export const UpdateDriverBody = z.object({ id: entityId, ...driverFields, ...versionField });
export type UpdateDriverBody = z.input<typeof UpdateDriverBody>;

// ---------- answers ----------

const openShipment = {
  openShipmentId: z.number().int().nullable().describe('The open shipment it is on, or null.'),
  openShipmentCode: z.string().nullable().describe("That shipment's code, or null."),
};

/** An order vehicle (not a milk vehicle) as the fleet list and the planning modal read it. */
export const Vehicle = z
  .object({
    id: z.number().int(),
    version: recordVersion,
    licencePlateCode: z.string().describe("Upper case with single spaces, '34 ABC 123'."),
    brand: z.string().describe("'' when none."),
    model: z.string().describe("'' when none."),
    description: z.string().describe("How orders and shipments name the vehicle: 'plate · brand model'."),
    productionYear: z.number().int(),
    yearOfPurchase: z.number().int(),
    capacityInTons: z.number().describe('What it may carry, in tons with at most two decimals.'),
    palletCapacity: z.number().int().describe('Palettes it takes.'),
    plannedPaletteCount: z
      .number()
      .int()
      .describe(
        'Palettes planned on it: the estimated palette counts of the open orders planning it (on the order or an item), summed.',
      ),
    fuelConsumptionEmpty: z.number().describe('Litres per 100 km, empty; at most two decimals.'),
    fuelConsumptionHalfFull: z.number().describe('Litres per 100 km, half full; at most two decimals.'),
    fuelConsumptionFull: z.number().describe('Litres per 100 km, full; at most two decimals.'),
    status: VehicleSettableStatus.describe('The stored status, the one the edit form sets.'),
    statusDetail: EnumDescription.describe(
      `What the list shows: \`name\` ON_SHIPMENT while it is on an open shipment, else the stored status; \`label\` its Turkish name (${Object.values(VEHICLE_STATUS_LABELS).join(', ')}).`,
    ),
    drivers: z.string().describe("Its drivers' names, 'Ad Soyad, Ad Soyad'; '' when none."),
    driverIds: z.array(z.number().int()).describe('Its drivers (ids), ascending.'),
    ...openShipment,
  })
  .meta({ id: 'Vehicle' });
export type Vehicle = z.infer<typeof Vehicle>;
export const VehicleList = z.array(Vehicle).describe('Order vehicles, by plate.').meta({ id: 'VehicleList' });

/** An order driver (not a milk driver). */
export const Driver = z
  .object({
    id: z.number().int(),
    version: recordVersion,
    name: z.string(),
    surname: z.string(),
    fullName: z.string().describe("'name surname'."),
    gender: Gender.nullable(),
    dateOfBirth: z.iso.date().nullable(),
    phone: z.string().describe("As typed, '0312 555 12 34'; '' when none."),
    tckn: z.string().nullable().describe('The 11-digit Turkish identity number, or null.'),
    licenceNumber: z.string().describe("The driving licence number; '' when none."),
    status: DriverStatus,
    statusDetail: EnumDescription.describe('The status again: `name` as `status`, `label` its Turkish name.'),
    ...openShipment,
  })
  .meta({ id: 'Driver' });
export type Driver = z.infer<typeof Driver>;
export const DriverList = z
  .array(Driver)
  .describe('Order drivers, by name and surname.')
  .meta({ id: 'DriverList' });

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
