import { z } from 'zod';
import { countCapped } from './paging.ts';
import { Gender } from './people.ts';
import { recordVersion } from './record-version.ts';

/**
 * What the milk operations answer (their requests are in milk.ts). Volumes are litres, JSON numbers
 * with at most one decimal; ids are the records' own.
 */

const litres = (what: string) => z.number().describe(`${what}, in litres (at most one decimal).`);
const istanbulDay = (what: string) => z.iso.date().describe(`${what}: an Istanbul day, YYYY-MM-DD.`);

// ---------- milk vehicles ----------

/** A road tanker that collects milk. */
export const MilkVehicle = z
  .object({
    id: z.number().int().describe('The milk vehicle id (`milkVehicleId` of the deliveries).'),
    version: recordVersion,
    licencePlateCode: z.string().describe("Upper case with single spaces, e.g. '34 ABC 123'; unique."),
    brand: z.string().describe("'' when not given."),
    model: z.string().describe("'' when not given."),
    productionYear: z.number().int().nullable().describe('null when not given.'),
    yearOfPurchase: z.number().int().nullable().describe('null when not given.'),
    tankerCount: z.number().int().describe('How many tanks the vehicle carries; 0 when not given.'),
    tankerVolumePerUnit: litres('What one tank holds'),
    totalVolume: litres('tankerCount × tankerVolumePerUnit, computed by the server'),
  })
  .meta({ id: 'MilkVehicle' });
export type MilkVehicle = z.infer<typeof MilkVehicle>;

// ---------- milk vehicle drivers ----------

/** A driver of the milk vehicles (not of the order fleet). */
export const MilkDriver = z
  .object({
    id: z.number().int().describe('The milk driver id (`milkVehicleDriverId` of the deliveries).'),
    version: recordVersion,
    name: z.string(),
    surname: z.string(),
    gender: Gender.nullable().describe('null when not given.'),
    dateOfBirth: z.iso.date().nullable().describe('YYYY-MM-DD; null when not given.'),
    phone: z.string().describe("'' when not given."),
    tckn: z.string().nullable().describe('The 11-digit T.C. kimlik number; null when not given.'),
  })
  .meta({ id: 'MilkDriver' });
export type MilkDriver = z.infer<typeof MilkDriver>;

// ---------- milk deliveries ----------

/** Milk one vehicle and driver brought in at one time. */
export const MilkDelivery = z
  .object({
    id: z.number().int().describe('The delivery id.'),
    milkVehicleId: z.number().int().describe('The milk vehicle (`MilkVehicle.id`).'),
    milkVehicleDriverId: z.number().int().describe('The milk driver (`MilkDriver.id`).'),
    deliveredCowMilkVolume: litres('Cow milk'),
    deliveredSheepMilkVolume: litres('Sheep milk'),
    deliveredGoatMilkVolume: litres('Goat milk'),
    deliveryDateTime: z.iso
      .datetime({ offset: true })
      .describe("When the milk arrived, ISO 8601 in Istanbul time: '2025-03-01T06:30:00+03:00'."),
    licencePlateCode: z.string().describe("The vehicle's plate, read-only, for tables and exports."),
    driverFullName: z.string().describe("The driver's name and surname, read-only, for tables and exports."),
  })
  .meta({ id: 'MilkDelivery' });
export type MilkDelivery = z.infer<typeof MilkDelivery>;

/** One page of the deliveries, newest first. */
export const MilkDeliveryPage = z
  .object({
    deliveries: z.array(MilkDelivery),
    page: z.number().int().describe('The page answered, from 1.'),
    size: z.number().int().describe('Deliveries per page.'),
    count: z.number().int().describe('How many deliveries match, on every page.'),
    countCapped,
    totalPages: z.number().int().describe('0 when nothing matches.'),
  })
  .meta({ id: 'MilkDeliveryPage' });
export type MilkDeliveryPage = z.infer<typeof MilkDeliveryPage>;

// ---------- figures ----------

/** The litres of each milk over some deliveries, and how many deliveries they are. */
const volumes = z.object({
  cowMilkVolume: litres('Cow milk'),
  sheepMilkVolume: litres('Sheep milk'),
  goatMilkVolume: litres('Goat milk'),
  totalVolume: litres('All three milks'),
  deliveryCount: z.number().int(),
});
export const MilkVolumes = volumes.meta({ id: 'MilkVolumes' });
export type MilkVolumes = z.infer<typeof MilkVolumes>;

/** `GET /production/milk-delivery/summary`: the litres collected over a range of days. */
export const MilkSummary = z
  .object({
    from: istanbulDay('The first day of the range, included (this week when not asked)'),
    to: istanbulDay('The last day of the range, included'),
    totals: MilkVolumes,
    daily: z
      .array(volumes.extend({ date: istanbulDay('The day') }))
      .describe('Every day of the range in order, days without deliveries included with zeros.'),
    byVehicle: z
      .array(volumes.extend({ milkVehicleId: z.number().int(), licencePlateCode: z.string() }))
      .describe('The vehicles that delivered in the range, most litres first.'),
    byDriver: z
      .array(volumes.extend({ milkVehicleDriverId: z.number().int(), driverFullName: z.string() }))
      .describe('The drivers who delivered in the range, most litres first.'),
  })
  .meta({ id: 'MilkSummary' });
export type MilkSummary = z.infer<typeof MilkSummary>;
