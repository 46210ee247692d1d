import { z } from 'zod';
import {
  CreateMilkDeliveryBody,
  CreateMilkDriverBody,
  CreateMilkVehicleBody,
  MILK_DELIVERIES_DEFAULT_DAYS,
  MILK_DELIVERIES_UNPAGED_LIMIT,
  MilkDelivery,
  MilkDeliveryPage,
  MilkDeliveryQuery,
  MilkDriver,
  MilkIdParams,
  MilkSummary,
  MilkSummaryQuery,
  MilkVehicle,
  UpdateMilkDeliveryBody,
  UpdateMilkDriverBody,
  UpdateMilkVehicleBody,
} from '../milk.ts';
import { operation } from '../operation.ts';

// The milk collection screens: the vehicles, their drivers and the deliveries they bring.
const tags = ['Süt toplama'];

/**
 * Vehicles and drivers are also the reference lists of the delivery screen's selects (a reference list
 * is open to every screen that shows it, docs/domain/access.md), so reading them takes either privilege.
 */
const readVehicles = ['MILK_VEHICLE_MANAGEMENT', 'MILK_DELIVERY_MANAGEMENT'] as const;
const readDrivers = ['MILK_DRIVER_MANAGEMENT', 'MILK_DELIVERY_MANAGEMENT'] as const;

const plateTaken = 'A vehicle with the same plate (spaces ignored) exists: 409.';

export const listMilkVehicles = operation({
  operationId: 'listMilkVehicles',
  method: 'GET',
  path: '/production/milk-delivery/vehicles',
  tags,
  summary: 'Süt araçlarını listeler',
  access: readVehicles,
  answer: z.array(MilkVehicle).describe('Every milk vehicle, by plate.'),
});

export const getMilkVehicle = operation({
  operationId: 'getMilkVehicle',
  method: 'GET',
  path: '/production/milk-delivery/vehicles/:id',
  tags,
  summary: 'Süt aracını getirir',
  access: readVehicles,
  params: MilkIdParams,
  answer: MilkVehicle,
  errors: [404],
});

export const createMilkVehicle = operation({
  operationId: 'createMilkVehicle',
  method: 'POST',
  path: '/production/milk-delivery/vehicles',
  tags,
  summary: 'Süt aracı ekler',
  description: plateTaken,
  access: 'MILK_VEHICLE_MANAGEMENT',
  body: CreateMilkVehicleBody,
  answer: MilkVehicle,
  errors: [409],
});

export const updateMilkVehicle = operation({
  operationId: 'updateMilkVehicle',
  method: 'PUT',
  path: '/production/milk-delivery/vehicles',
  tags,
  summary: 'Süt aracını günceller',
  description: plateTaken,
  access: 'MILK_VEHICLE_MANAGEMENT',
  body: UpdateMilkVehicleBody,
  answer: MilkVehicle,
  errors: [404, 409],
});

const nameRequired = 'A name and a surname are required (400 otherwise).';

export const listMilkDrivers = operation({
  operationId: 'listMilkDrivers',
  method: 'GET',
  path: '/production/milk-delivery/drivers',
  tags,
  summary: 'Süt aracı şoförlerini listeler',
  access: readDrivers,
  answer: z.array(MilkDriver).describe('Every milk driver, by name and surname.'),
});

export const getMilkDriver = operation({
  operationId: 'getMilkDriver',
  method: 'GET',
  path: '/production/milk-delivery/drivers/:id',
  tags,
  summary: 'Süt aracı şoförünü getirir',
  access: readDrivers,
  params: MilkIdParams,
  answer: MilkDriver,
  errors: [404],
});

export const createMilkDriver = operation({
  operationId: 'createMilkDriver',
  method: 'POST',
  path: '/production/milk-delivery/drivers',
  tags,
  summary: 'Süt aracı şoförü ekler',
  description: nameRequired,
  access: 'MILK_DRIVER_MANAGEMENT',
  body: CreateMilkDriverBody,
  answer: MilkDriver,
});

export const updateMilkDriver = operation({
  operationId: 'updateMilkDriver',
  method: 'PUT',
  path: '/production/milk-delivery/drivers',
  tags,
  summary: 'Süt aracı şoförünü günceller',
  description: nameRequired,
  access: 'MILK_DRIVER_MANAGEMENT',
  body: UpdateMilkDriverBody,
  answer: MilkDriver,
  errors: [404, 409],
});

const deliveries = 'MILK_DELIVERY_MANAGEMENT';
const deliveryRules =
  '422: the vehicle or the driver does not exist, or the delivery time is more than a day ahead.';

export const listMilkDeliveries = operation({
  operationId: 'listMilkDeliveries',
  method: 'GET',
  path: '/production/milk-delivery/deliveries',
  tags,
  summary: 'Süt teslimatlarını listeler',
  description:
    'Newest first. With `page` or `size`: one page (MilkDeliveryPage) of the range, every day when ' +
    `none is given. Without them: an array of the range, whose missing \`from\` is the ` +
    `${MILK_DELIVERIES_DEFAULT_DAYS} days up to \`to\` (today when not given); the ` +
    '`X-Default-Range` header (`YYYY-MM-DD..YYYY-MM-DD`) then names the days answered. The array holds ' +
    `at most the newest ${MILK_DELIVERIES_UNPAGED_LIMIT} deliveries of the range: \`X-Total-Count\` says how ` +
    'many matched, and `X-Unpaged-Limit` is sent when the array holds fewer.',
  access: deliveries,
  query: MilkDeliveryQuery,
  answer: z.union([z.array(MilkDelivery), MilkDeliveryPage]),
});

export const getMilkDelivery = operation({
  operationId: 'getMilkDelivery',
  method: 'GET',
  path: '/production/milk-delivery/deliveries/:id',
  tags,
  summary: 'Süt teslimatını getirir',
  access: deliveries,
  params: MilkIdParams,
  answer: MilkDelivery,
  errors: [404],
});

export const createMilkDelivery = operation({
  operationId: 'createMilkDelivery',
  method: 'POST',
  path: '/production/milk-delivery/deliveries',
  tags,
  summary: 'Süt teslimatı kaydeder',
  description: `Without \`deliveryDateTime\` the delivery is recorded now. ${deliveryRules}`,
  access: deliveries,
  body: CreateMilkDeliveryBody,
  answer: MilkDelivery,
  errors: [422],
});

export const updateMilkDelivery = operation({
  operationId: 'updateMilkDelivery',
  method: 'PUT',
  path: '/production/milk-delivery/deliveries',
  tags,
  summary: 'Süt teslimatını düzeltir',
  description: `Without \`deliveryDateTime\` the delivery time becomes now. ${deliveryRules}`,
  access: deliveries,
  body: UpdateMilkDeliveryBody,
  answer: MilkDelivery,
  errors: [404, 422],
});

export const getMilkSummary = operation({
  operationId: 'getMilkSummary',
  method: 'GET',
  path: '/production/milk-delivery/summary',
  tags,
  summary: 'Süt toplama özetini verir',
  description:
    'Litres per milk over a range of Istanbul days (at most 366): this week (Monday to Sunday) ' +
    'without `from` and `to`, the seven days from `from` or up to `to` with only one of them.',
  access: deliveries,
  query: MilkSummaryQuery,
  answer: MilkSummary,
});
