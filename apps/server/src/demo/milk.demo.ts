import { addDays, istanbulDate, parseDateTime } from '@mandira/contract/istanbul-time';
import {
  CreateMilkDeliveryBody,
  CreateMilkDriverBody,
  CreateMilkVehicleBody,
  type MilkDriver,
  type MilkVehicle,
} from '@mandira/contract/milk';
import type { Db } from '../db/client.ts';
import { milkDeliveries } from '../db/schema.ts';
import { SYSTEM_ACTOR } from '../http/auth.ts';
import { createMilkDriver } from '../modules/milk/milk-driver.service.ts';
import { createMilkVehicle } from '../modules/milk/milk-vehicle.service.ts';

const DAYS = 92;
const BATCH = 250;

/** mulberry32: the same demo data on every run. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A T.C. kimlik number with correct checksums, so that the demo passes the driver rules. */
function demoTckn(random: () => number): string {
  const d = [1 + Math.floor(random() * 9), ...Array.from({ length: 8 }, () => Math.floor(random() * 10))];
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  d.push((((odd * 7 - even) % 10) + 10) % 10);
  d.push(d.reduce((sum, digit) => sum + digit, 0) % 10);
  return d.join('');
}

// Balıkesir (plate 10) villages around the dairy; each vehicle runs one collection route.
const VEHICLES = [
  {
    licencePlateCode: '10 SUT 101',
    brand: 'Ford',
    model: 'Cargo 1833',
    productionYear: 2019,
    yearOfPurchase: 2019,
    tankerCount: 2,
    tankerVolumePerUnit: 5000,
  },
  {
    licencePlateCode: '10 SUT 102',
    brand: 'Mercedes-Benz',
    model: 'Atego 1624',
    productionYear: 2017,
    yearOfPurchase: 2018,
    tankerCount: 2,
    tankerVolumePerUnit: 4500,
  },
  {
    licencePlateCode: '10 AKS 245',
    brand: 'Iveco',
    model: 'Eurocargo 120E',
    productionYear: 2021,
    yearOfPurchase: 2021,
    tankerCount: 1,
    tankerVolumePerUnit: 7500,
  },
  {
    licencePlateCode: '10 BMC 378',
    brand: 'BMC',
    model: 'Pro 827',
    productionYear: 2015,
    yearOfPurchase: 2016,
    tankerCount: 3,
    tankerVolumePerUnit: 2500,
  },
  {
    licencePlateCode: '10 ISZ 412',
    brand: 'Isuzu',
    model: 'NPR 10',
    productionYear: 2022,
    yearOfPurchase: 2023,
    tankerCount: 1,
    tankerVolumePerUnit: 3200.5,
  },
];

const DRIVERS: [string, string, 'Erkek' | 'Kadın', string][] = [
  ['Mustafa', 'Koç', 'Erkek', '1978-03-14'],
  ['Hüseyin', 'Aslan', 'Erkek', '1984-11-02'],
  ['İbrahim', 'Özdemir', 'Erkek', '1990-06-21'],
  ['Ramazan', 'Kurt', 'Erkek', '1972-01-30'],
  ['Şerife', 'Yıldırım', 'Kadın', '1988-08-09'],
  ['Osman', 'Güneş', 'Erkek', '1995-05-17'],
];

/** Sheep and goats milk from late winter to early summer; cows give milk all year round. */
const SEASON = {
  sheep: [0.25, 0.6, 1, 1.2, 1.2, 1, 0.7, 0.4, 0.2, 0.1, 0.1, 0.15],
  goat: [0.3, 0.7, 1, 1.1, 1.1, 1, 0.8, 0.6, 0.4, 0.25, 0.2, 0.2],
};

const tenth = (value: number) => Math.round(value * 10) / 10;

/** A handful of vehicles and drivers and three months of morning and evening deliveries. */
export async function seedMilkDemo(db: Db): Promise<void> {
  const random = prng(20_261_122);
  const vehicles: MilkVehicle[] = [];
  for (const vehicle of VEHICLES)
    vehicles.push(
      await db.transaction((tx) => createMilkVehicle(tx, SYSTEM_ACTOR, CreateMilkVehicleBody.parse(vehicle))),
    );
  const drivers: MilkDriver[] = [];
  for (const [name, surname, gender, dateOfBirth] of DRIVERS) {
    const digits = (n: number) => String(Math.floor(random() * 10 ** n)).padStart(n, '0');
    const phone = `053${digits(1)} ${digits(3)} ${digits(2)} ${digits(2)}`;
    const body = CreateMilkDriverBody.parse({
      name,
      surname,
      gender,
      dateOfBirth,
      phone,
      tckn: demoTckn(random),
    });
    drivers.push(await db.transaction((tx) => createMilkDriver(tx, SYSTEM_ACTOR, body)));
  }

  const today = istanbulDate(new Date());
  const rows: (typeof milkDeliveries.$inferInsert)[] = [];
  for (let back = DAYS - 1; back >= 0; back--) {
    const day = addDays(today, -back);
    const month = Number(day.slice(5, 7)) - 1;
    vehicles.forEach((vehicle, index) => {
      // Morning and evening milking; the evening one gives less.
      for (const [hour, share] of [
        [6, 1],
        [18, 0.8],
      ] as const) {
        if (random() < 0.04) continue; // a breakdown or a day off now and then
        const at = `${day}T${String(hour + Math.floor(random() * 2)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}`;
        if (back === 0 && parseDateTime(at)!.getTime() > Date.now()) continue;
        // Mostly the route's own driver; the spare driver covers some shifts.
        const driver = random() < 0.85 ? drivers[index]! : drivers[drivers.length - 1]!;
        const capacity = vehicle.totalVolume;
        const cow = capacity * share * (0.45 + random() * 0.3);
        const sheep = capacity * share * 0.12 * SEASON.sheep[month]! * (0.6 + random() * 0.8);
        const goat = capacity * share * 0.05 * SEASON.goat[month]! * (0.6 + random() * 0.8);
        // Parsed by the contract so that the demo obeys the same rules as the screen.
        const body = CreateMilkDeliveryBody.parse({
          milkVehicleId: vehicle.id,
          milkVehicleDriverId: driver.id,
          deliveredCowMilkVolume: tenth(cow),
          deliveredSheepMilkVolume: tenth(sheep),
          deliveredGoatMilkVolume: tenth(goat),
          deliveryDateTime: at,
        });
        rows.push({ ...body, deliveryDateTime: body.deliveryDateTime! });
      }
    });
  }
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.transaction(async (tx) => {
      await tx.insert(milkDeliveries).values(rows.slice(start, start + BATCH));
    });
  }
}
