import type {
  CreateMilkDeliveryBody,
  CreateMilkDriverBody,
  CreateMilkVehicleBody,
} from '@mandira/contract/milk';
import { count } from 'drizzle-orm';
import { milkDeliveries, milkVehicleDrivers, milkVehicles } from '../../src/db/schema.ts';
import type { TestApp } from '../test-app.ts';

/** Test data for the milk suites, made through the API so that it obeys the same rules. */
export const MILK_API = '/api/production/milk-delivery';
/** A T.C. kimlik number whose checksums are right. */
export const VALID_TCKN = '10000000146';

let plateCounter = 0;
export function uniquePlate(): string {
  plateCounter += 1;
  return `35 SUT ${String(plateCounter).padStart(3, '0')}`;
}

async function created(t: TestApp, token: string, url: string, payload: object) {
  const response = await t.call(token, { method: 'POST', url, payload });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json.data;
}

export function createVehicle(t: TestApp, token: string, body: Partial<CreateMilkVehicleBody> = {}) {
  return created(t, token, `${MILK_API}/vehicles`, {
    licencePlateCode: uniquePlate(),
    brand: 'Ford',
    model: 'Cargo',
    productionYear: 2019,
    yearOfPurchase: 2020,
    tankerCount: 2,
    tankerVolumePerUnit: 5000,
    ...body,
  });
}

export function createDriver(t: TestApp, token: string, body: Partial<CreateMilkDriverBody> = {}) {
  return created(t, token, `${MILK_API}/drivers`, {
    name: 'Mustafa',
    surname: 'Koç',
    gender: 'Erkek',
    dateOfBirth: '1980-04-12',
    phone: '0532 111 22 33',
    tckn: VALID_TCKN,
    ...body,
  });
}

export function createDelivery(t: TestApp, token: string, body: CreateMilkDeliveryBody) {
  return created(t, token, `${MILK_API}/deliveries`, body);
}

/** Row counts of the three milk tables, to show that a refused request wrote nothing. */
export async function milkRowCounts(t: TestApp) {
  const [[vehicles], [drivers], [deliveries]] = await Promise.all([
    t.db.select({ value: count() }).from(milkVehicles),
    t.db.select({ value: count() }).from(milkVehicleDrivers),
    t.db.select({ value: count() }).from(milkDeliveries),
  ]);
  return { vehicles: vehicles!.value, drivers: drivers!.value, deliveries: deliveries!.value };
}
