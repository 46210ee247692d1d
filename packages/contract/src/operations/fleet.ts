import {
  CreateDriverBody,
  CreateVehicleBody,
  Driver,
  DriverList,
  UpdateDriverBody,
  UpdateVehicleBody,
  Vehicle,
  VehicleList,
} from '../fleet.ts';
import { operation } from '../operation.ts';

// Vehicles and drivers are reference lists of the shipment form and of the vehicle planning modal
// (docs/domain/access.md: a reference list is open to every screen that shows it); writing them is the
// fleet's.
const tags = ['Araçlar ve sürücüler'];
const readVehicles = [
  'VEHICLE_MANAGEMENT',
  'SHIPMENT_MANAGEMENT',
  'SHIPMENT_LOAD_ACCEPTANCE',
  'ORDER_REVIEW',
] as const;
const readDrivers = ['DRIVER_MANAGEMENT', 'SHIPMENT_MANAGEMENT', 'VEHICLE_MANAGEMENT'] as const;

export const listFleetVehicles = operation({
  operationId: 'listFleetVehicles',
  method: 'GET',
  path: '/shipments/vehicles',
  tags,
  summary: 'Sipariş araçlarını listeler',
  access: readVehicles,
  answer: VehicleList,
});

export const listAvailableFleetVehicles = operation({
  operationId: 'listAvailableFleetVehicles',
  method: 'GET',
  path: '/shipments/availableVehicles',
  tags,
  summary: 'Yeni sevkiyat için müsait ve açık sevkiyatı olmayan araçları listeler',
  access: readVehicles,
  answer: VehicleList,
});

export const createFleetVehicle = operation({
  operationId: 'createFleetVehicle',
  method: 'POST',
  path: '/shipments/vehicle',
  tags,
  summary: 'Sipariş aracı ekler',
  access: 'VEHICLE_MANAGEMENT',
  body: CreateVehicleBody,
  answer: Vehicle,
  // 404: a driver of `driverIds` does not exist; 409: the plate is taken.
  errors: [404, 409],
});

export const updateFleetVehicle = operation({
  operationId: 'updateFleetVehicle',
  method: 'PUT',
  path: '/shipments/vehicle',
  tags,
  summary: 'Sipariş aracını günceller',
  access: 'VEHICLE_MANAGEMENT',
  body: UpdateVehicleBody,
  answer: Vehicle,
  errors: [404, 409],
});

export const listFleetDrivers = operation({
  operationId: 'listFleetDrivers',
  method: 'GET',
  path: '/shipments/vehicleDrivers',
  tags,
  summary: 'Sipariş araçlarının sürücülerini listeler',
  access: readDrivers,
  answer: DriverList,
});

export const createFleetDriver = operation({
  operationId: 'createFleetDriver',
  method: 'POST',
  path: '/shipments/vehicleDrivers',
  tags,
  summary: 'Sürücü ekler',
  access: 'DRIVER_MANAGEMENT',
  body: CreateDriverBody,
  answer: Driver,
});

export const updateFleetDriver = operation({
  operationId: 'updateFleetDriver',
  method: 'PUT',
  path: '/shipments/vehicleDrivers',
  tags,
  summary: 'Sürücüyü günceller',
  access: 'DRIVER_MANAGEMENT',
  body: UpdateDriverBody,
  answer: Driver,
  errors: [404, 409],
});
