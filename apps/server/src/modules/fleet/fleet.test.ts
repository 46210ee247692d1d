import type { Driver, Vehicle } from '@mandira/contract/fleet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  driver,
  driverBody,
  type FleetWorld,
  fleetWorld,
  shipment,
  uniquePlate,
  vehicle,
  vehicleBody,
} from '../../../test/builders/fleet-test-data.ts';
import { countRows } from '../../../test/test-app.ts';

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(() => w.close());

const vehicles = async (url = '/shipments/vehicles') => (await w.call('GET', url)).json.data as Vehicle[];
const drivers = async () => (await w.call('GET', '/shipments/vehicleDrivers')).json.data as Driver[];

describe('vehicles', () => {
  it('creates a vehicle, upper-cases its plate and lists it with its status label', async () => {
    const created = await w.call(
      'POST',
      '/shipments/vehicle',
      vehicleBody({ licencePlateCode: ' 06  abc 123 ' }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json.data).toEqual({
      id: expect.any(Number),
      licencePlateCode: '06 ABC 123',
      brand: 'Ford',
      model: 'Cargo 1833',
      description: '06 ABC 123 · Ford Cargo 1833',
      productionYear: 2020,
      yearOfPurchase: 2021,
      capacityInTons: 18,
      palletCapacity: 16,
      plannedPaletteCount: 0,
      fuelConsumptionEmpty: 22.5,
      fuelConsumptionHalfFull: 27,
      fuelConsumptionFull: 31.25,
      status: 'AVAILABLE',
      statusDetail: { name: 'AVAILABLE', label: 'Müsait' },
      drivers: '',
      driverIds: [],
      openShipmentId: null,
      openShipmentCode: null,
      version: 1,
    });
    expect(await vehicles()).toContainEqual(created.json.data);
  });

  it('fills the defaults: years the current year, numbers 0, status AVAILABLE', async () => {
    const created = await w.call('POST', '/shipments/vehicle', { licencePlateCode: uniquePlate() });
    const year = new Date().getFullYear();
    expect(created.json.data).toMatchObject({
      brand: '',
      model: '',
      productionYear: year,
      yearOfPurchase: year,
      capacityInTons: 0,
      palletCapacity: 0,
      fuelConsumptionEmpty: 0,
      fuelConsumptionHalfFull: 0,
      fuelConsumptionFull: 0,
      status: 'AVAILABLE',
    });
  });

  it('refuses a plate already kept, ignoring spaces and case (409), on create and on edit', async () => {
    const first = await vehicle(w, { licencePlateCode: '34 XY 4455' });
    const before = await countRows(w.t, 'vehicles');
    const again = await w.call('POST', '/shipments/vehicle', vehicleBody({ licencePlateCode: '34xy4455' }));
    expect(again.statusCode).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'DUPLICATE', field: 'licencePlateCode' });
    expect(again.json.error.message).toContain('34XY4455');
    expect(await countRows(w.t, 'vehicles')).toBe(before);
    const other = await vehicle(w);
    const edit = await w.call('PUT', '/shipments/vehicle', {
      ...vehicleBody(),
      id: other.id,
      licencePlateCode: '34 x y 4455',
    });
    expect(edit.statusCode).toBe(409);
    // Its own plate, written differently, is not a clash.
    const own = await w.call('PUT', '/shipments/vehicle', {
      ...vehicleBody(),
      id: first.id,
      licencePlateCode: '34XY 4455',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json.data.licencePlateCode).toBe('34XY 4455');
  });

  it.each([
    ['capacityInTons', -1],
    ['palletCapacity', -2],
    ['palletCapacity', 1.5],
    ['fuelConsumptionEmpty', -0.1],
    ['fuelConsumptionHalfFull', -5],
    ['fuelConsumptionFull', 12.345],
    ['capacityInTons', '18'],
    ['productionYear', 1800],
    ['status', 'ON_SHIPMENT'],
  ])('refuses %s = %j with 400 naming the field, writing nothing', async (field, value) => {
    const before = await countRows(w.t, 'vehicles');
    const response = await w.call('POST', '/shipments/vehicle', vehicleBody({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toBe(field);
    expect(await countRows(w.t, 'vehicles')).toBe(before);
  });

  it('refuses a purchase year before the production year', async () => {
    const response = await w.call(
      'POST',
      '/shipments/vehicle',
      vehicleBody({ productionYear: 2022, yearOfPurchase: 2020 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toBe('yearOfPurchase');
  });

  it('edits a vehicle, assigns drivers shown as text, and answers 404 for an unknown one', async () => {
    const car = await vehicle(w);
    const [a, b] = [await driver(w, { name: 'Zeynep' }), await driver(w, { name: 'Ali' })];
    const edited = await w.call('PUT', '/shipments/vehicle', {
      ...vehicleBody({ licencePlateCode: car.licencePlateCode, brand: 'Mercedes', model: 'Atego' }),
      id: car.id,
      status: 'IN_MAINTENANCE',
      driverIds: [a.id, b.id, a.id],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json.data).toMatchObject({
      brand: 'Mercedes',
      status: 'IN_MAINTENANCE',
      statusDetail: { name: 'IN_MAINTENANCE', label: 'Bakımda' },
      drivers: `${b.fullName}, ${a.fullName}`,
      driverIds: [a.id, b.id].sort((x, y) => x - y),
    });
    // Leaving driverIds out keeps them; an empty list clears them.
    const kept = await w.call('PUT', '/shipments/vehicle', {
      ...vehicleBody({ licencePlateCode: car.licencePlateCode }),
      id: car.id,
    });
    expect(kept.json.data.driverIds).toHaveLength(2);
    const cleared = await w.call('PUT', '/shipments/vehicle', {
      ...vehicleBody({ licencePlateCode: car.licencePlateCode }),
      id: car.id,
      driverIds: [],
    });
    expect(cleared.json.data.drivers).toBe('');
    const unknownDriver = await w.call('PUT', '/shipments/vehicle', {
      ...vehicleBody({ licencePlateCode: car.licencePlateCode }),
      id: car.id,
      driverIds: [999_999],
    });
    expect(unknownDriver.statusCode).toBe(404);
    expect(unknownDriver.json.error.field).toBe('driverIds');
    const missing = await w.call('PUT', '/shipments/vehicle', { ...vehicleBody(), id: 999_999 });
    expect(missing.statusCode).toBe(404);
  });

  it('shows ON_SHIPMENT while on an open shipment and leaves it out of the available vehicles', async () => {
    const idle = await vehicle(w);
    const busy = await vehicle(w);
    const repairing = await vehicle(w, { status: 'IN_MAINTENANCE' });
    const sent = await shipment(w, { vehicleId: busy.id });
    const listed = await vehicles();
    expect(listed.find((one) => one.id === busy.id)).toMatchObject({
      status: 'AVAILABLE',
      statusDetail: { name: 'ON_SHIPMENT', label: 'Sevkiyatta' },
      openShipmentId: sent.id,
      openShipmentCode: sent.shipmentCode,
    });
    const available = (await vehicles('/shipments/availableVehicles')).map((one) => one.id);
    expect(available).toContain(idle.id);
    expect(available).not.toContain(busy.id);
    expect(available).not.toContain(repairing.id);
  });
});

describe('drivers', () => {
  it('creates a driver with status AVAILABLE by default and keeps the date of birth as a day', async () => {
    const body = driverBody({ dateOfBirth: '1990-02-03T21:30:00.000Z', gender: 'Kadın', name: 'Elif' });
    const created = await w.call('POST', '/shipments/vehicleDrivers', body);
    expect(created.statusCode).toBe(200);
    expect(created.json.data).toEqual({
      id: expect.any(Number),
      name: 'Elif',
      surname: body.surname,
      fullName: `Elif ${body.surname}`,
      gender: 'Kadın',
      dateOfBirth: '1990-02-03',
      phone: '0532 111 22 33',
      tckn: body.tckn,
      licenceNumber: body.licenceNumber,
      status: 'AVAILABLE',
      statusDetail: { name: 'AVAILABLE', label: 'Müsait' },
      openShipmentId: null,
      openShipmentCode: null,
      version: 1,
    });
    expect(await drivers()).toContainEqual(created.json.data);
  });

  it('lets any status be chosen by hand, each with its Turkish label', async () => {
    const one = await driver(w);
    const labels = {
      LOAD_WEIGHT_CHECK: 'Yük Kontrolünde',
      ON_DELIVERY: 'Teslimatta',
      ON_VACATION: 'İzinli',
      AVAILABLE: 'Müsait',
    };
    for (const [status, label] of Object.entries(labels)) {
      const edited = await w.call('PUT', '/shipments/vehicleDrivers', {
        ...driverBody(),
        id: one.id,
        status,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json.data.statusDetail).toEqual({ name: status, label });
    }
  });

  it('takes an empty gender, TCKN and date as not given', async () => {
    const created = await w.call(
      'POST',
      '/shipments/vehicleDrivers',
      driverBody({ gender: '', tckn: '', dateOfBirth: '' }),
    );
    expect(created.json.data).toMatchObject({ gender: null, tckn: null, dateOfBirth: null });
  });

  it.each([
    ['tckn', '12345678901'],
    ['tckn', '1234567890'],
    ['gender', 'Diğer'],
    ['dateOfBirth', '1990-02-30'],
    ['dateOfBirth', '2999-01-01'],
    ['status', 'SICK'],
    ['name', '  '],
    ['phone', 'abc'],
  ])('refuses %s = %j with 400, writing nothing', async (field, value) => {
    const before = await countRows(w.t, 'drivers');
    const response = await w.call('POST', '/shipments/vehicleDrivers', driverBody({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toBe(field);
    expect(await countRows(w.t, 'drivers')).toBe(before);
  });

  it('answers 404 when editing an unknown driver', async () => {
    const response = await w.call('PUT', '/shipments/vehicleDrivers', { ...driverBody(), id: 999_999 });
    expect(response.statusCode).toBe(404);
  });
});

describe('access to the fleet calls', () => {
  const calls = [
    ['GET', '/shipments/vehicles', undefined],
    ['GET', '/shipments/availableVehicles', undefined],
    ['POST', '/shipments/vehicle', {}],
    ['PUT', '/shipments/vehicle', {}],
    ['GET', '/shipments/vehicleDrivers', undefined],
    ['POST', '/shipments/vehicleDrivers', {}],
    ['PUT', '/shipments/vehicleDrivers', {}],
  ] as const;

  it.each(calls)('%s %s answers 401 without a token', async (method, url, payload) => {
    const response = await w.t.call(undefined, {
      method,
      url: `/api${url}`,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(401);
  });

  it.each(calls)('%s %s answers 403 to the warehouse staff', async (method, url, payload) => {
    const response = await w.call(method, url, payload, w.warehouse);
    expect(response.statusCode).toBe(403);
  });

  it('lets the shipment office read vehicles and drivers but not change them', async () => {
    expect((await w.call('GET', '/shipments/vehicles', undefined, w.office)).statusCode).toBe(200);
    expect((await w.call('GET', '/shipments/availableVehicles', undefined, w.office)).statusCode).toBe(200);
    expect((await w.call('GET', '/shipments/vehicleDrivers', undefined, w.office)).statusCode).toBe(200);
    expect((await w.call('POST', '/shipments/vehicle', vehicleBody(), w.office)).statusCode).toBe(403);
    expect((await w.call('POST', '/shipments/vehicleDrivers', driverBody(), w.office)).statusCode).toBe(403);
  });

  it('answers 400 to an edit without an id', async () => {
    expect((await w.call('PUT', '/shipments/vehicle', vehicleBody())).statusCode).toBe(400);
    expect((await w.call('PUT', '/shipments/vehicleDrivers', driverBody())).statusCode).toBe(400);
  });
});
