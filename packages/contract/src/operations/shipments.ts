import { z } from 'zod';
import { operation } from '../operation.ts';
import {
  City,
  CreateShipmentBody,
  SHIPMENT_UNPAGED_DAYS,
  SHIPMENT_UNPAGED_LIMIT,
  Shipment,
  ShipmentActionBody,
  ShipmentContent,
  ShipmentIdParams,
  ShipmentListQuery,
  ShipmentPage,
  ShipmentStatusQuery,
  UpdateShipmentBody,
} from '../shipments.ts';

// The shipment list is also the load-acceptance screen's and the warehouse's (to load onto one).
const tags = ['Sevkiyatlar'];
const readShipments = ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE'] as const;
const manage = 'SHIPMENT_MANAGEMENT';

export const listShipments = operation({
  operationId: 'listShipments',
  method: 'GET',
  path: '/shipments',
  tags,
  summary: 'Sevkiyatları listeler',
  description: `Newest first, every filter optional. With \`page\` or \`size\` the answer is a \`ShipmentPage\`; without both it is an array, bounded when no date range is given to the open shipments plus those created in the last ${SHIPMENT_UNPAGED_DAYS} days, and holding at most the newest ${SHIPMENT_UNPAGED_LIMIT} (\`X-Total-Count\` says how many matched; \`X-Unpaged-Limit\` is sent when the array holds fewer).`,
  access: readShipments,
  query: ShipmentListQuery,
  answer: z.union([z.array(Shipment), ShipmentPage]),
});

export const listShipmentsByStatus = operation({
  operationId: 'listShipmentsByStatus',
  method: 'GET',
  path: '/shipments/filter-by-status',
  tags,
  summary: 'Bir durumdaki sevkiyatları listeler',
  description:
    `The shipments in the status, newest first, unpaged: at most the newest ${SHIPMENT_UNPAGED_LIMIT} ` +
    '(`X-Total-Count` says how many matched; `X-Unpaged-Limit` is sent when the array holds fewer).',
  access: ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE', 'WAREHOUSE_OPERATIONS'],
  query: ShipmentStatusQuery,
  answer: z.array(Shipment),
});

export const listShipmentCities = operation({
  operationId: 'listShipmentCities',
  method: 'GET',
  path: '/shipments/cities',
  tags,
  summary: 'Sevkiyat listesinin il süzgeci için 81 ili listeler',
  access: readShipments,
  answer: z.array(City),
});

export const getShipmentContent = operation({
  operationId: 'getShipmentContent',
  method: 'GET',
  path: '/shipments/:id/content',
  tags,
  summary: 'Sevkiyatı ve üzerine yüklenen sipariş kalemlerini getirir',
  access: readShipments,
  params: ShipmentIdParams,
  answer: ShipmentContent,
  errors: [404],
});

/** A write answers the shipment as the list shows it. */
const write = {
  tags,
  description: 'Answers the shipment as the list shows it, with its road (`routeGeometry`).',
  access: manage,
  answer: Shipment,
  errors: [404, 409],
} as const;

export const createShipment = operation({
  ...write,
  operationId: 'createShipment',
  method: 'POST',
  path: '/shipments',
  summary: 'Sevkiyat oluşturur',
  body: CreateShipmentBody,
});

export const updateShipment = operation({
  ...write,
  operationId: 'updateShipment',
  method: 'PUT',
  path: '/shipments',
  summary: 'Sevkiyatı düzenler',
  body: UpdateShipmentBody,
});

export const applyShipmentAction = operation({
  ...write,
  operationId: 'applyShipmentAction',
  method: 'PUT',
  path: '/shipments/:id/on-action',
  summary: 'Sevkiyatta bir adımı uygular',
  params: ShipmentIdParams,
  body: ShipmentActionBody,
  // A return to the warehouse puts the loads back on their stock lines, which may not take that many.
  errors: [404, 409, 422],
});

/** The shortcut calls of one action each (SHIPMENT_SHORTCUTS), as the document names them. */
const shortcut = { ...write, method: 'PUT', params: ShipmentIdParams } as const;

export const startShipmentLoading = operation({
  ...shortcut,
  operationId: 'startShipmentLoading',
  path: '/shipments/status/loading/:id',
  summary: 'Sevkiyatın yüklemesini başlatır',
});

export const startShipmentLoadCheck = operation({
  ...shortcut,
  operationId: 'startShipmentLoadCheck',
  path: '/shipments/start-load-check/:id',
  summary: 'Sevkiyatın yük kontrolünü başlatır',
});

export const startShipmentDelivery = operation({
  ...shortcut,
  operationId: 'startShipmentDelivery',
  path: '/shipments/start-delivery/:id',
  summary: 'Sevkiyatı yola çıkarır',
});

export const completeShipmentDelivery = operation({
  ...shortcut,
  operationId: 'completeShipmentDelivery',
  path: '/shipments/complete-delivery/:id',
  summary: 'Sevkiyatı teslim edildi olarak kapatır',
});
