import {
  CreateDriverBody,
  CreateVehicleBody,
  Driver,
  DriverList,
  UpdateDriverBody,
  UpdateVehicleBody,
  Vehicle,
  VehicleList,
} from '@mandira/contract/fleet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { createDriver, listDrivers, updateDriver } from './drivers.service.ts';
import { createVehicle, listAvailableVehicles, listVehicles, updateVehicle } from './vehicles.service.ts';

/**
 * Vehicles and drivers are reference lists of the shipment form and of the vehicle planning modal
 * (docs/domain/access.md: a reference list is open to every screen that shows it); writing them is the
 * fleet's.
 */
const readVehicles = {
  access: ['VEHICLE_MANAGEMENT', 'SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE', 'ORDER_REVIEW'],
} as const;
const readDrivers = { access: ['DRIVER_MANAGEMENT', 'SHIPMENT_MANAGEMENT', 'VEHICLE_MANAGEMENT'] } as const;

export function fleetRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Araçlar ve sürücüler'];
    const vehicles = { access: 'VEHICLE_MANAGEMENT' } as const;
    const drivers = { access: 'DRIVER_MANAGEMENT' } as const;

    app.get(
      '/shipments/vehicles',
      {
        schema: {
          tags,
          summary: 'Sipariş araçlarını listeler',
          operationId: 'listFleetVehicles',
          response: answers(VehicleList),
        },
        config: readVehicles,
      },
      async () => ok(await listVehicles(db)),
    );
    app.get(
      '/shipments/availableVehicles',
      {
        schema: {
          tags,
          summary: 'Yeni sevkiyat için müsait ve açık sevkiyatı olmayan araçları listeler',
          operationId: 'listAvailableFleetVehicles',
          response: answers(VehicleList),
        },
        config: readVehicles,
      },
      async () => ok(await listAvailableVehicles(db)),
    );
    app.post(
      '/shipments/vehicle',
      {
        schema: {
          tags,
          summary: 'Sipariş aracı ekler',
          operationId: 'createFleetVehicle',
          body: CreateVehicleBody,
          // 404: a driver of `driverIds` does not exist; 409: the plate is taken.
          response: answers(Vehicle, 404, 409),
        },
        config: vehicles,
      },
      async (req) => ok(await db.transaction((tx) => createVehicle(tx, actorOf(req), req.body))),
    );
    app.put(
      '/shipments/vehicle',
      {
        schema: {
          tags,
          summary: 'Sipariş aracını günceller',
          operationId: 'updateFleetVehicle',
          body: UpdateVehicleBody,
          response: answers(Vehicle, 404, 409),
        },
        config: vehicles,
      },
      async (req) => ok(await db.transaction((tx) => updateVehicle(tx, actorOf(req), req.body))),
    );

    app.get(
      '/shipments/vehicleDrivers',
      {
        schema: {
          tags,
          summary: 'Sipariş araçlarının sürücülerini listeler',
          operationId: 'listFleetDrivers',
          response: answers(DriverList),
        },
        config: readDrivers,
      },
      async () => ok(await listDrivers(db)),
    );
    app.post(
      '/shipments/vehicleDrivers',
      {
        schema: {
          tags,
          summary: 'Sürücü ekler',
          operationId: 'createFleetDriver',
          body: CreateDriverBody,
          response: answers(Driver),
        },
        config: drivers,
      },
      async (req) => ok(await db.transaction((tx) => createDriver(tx, actorOf(req), req.body))),
    );
    app.put(
      '/shipments/vehicleDrivers',
      {
        schema: {
          tags,
          summary: 'Sürücüyü günceller',
          operationId: 'updateFleetDriver',
          body: UpdateDriverBody,
          response: answers(Driver, 404, 409),
        },
        config: drivers,
      },
      async (req) => ok(await db.transaction((tx) => updateDriver(tx, actorOf(req), req.body))),
    );
  };
}
