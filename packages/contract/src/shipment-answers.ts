import { z } from 'zod';
import { LotRef } from './lots.ts';
import { COUNT_LIMIT, countCapped } from './paging.ts';
import { EnumDescription } from './products.ts';
import { type ShipmentContext, ShipmentContextSchema, ShipmentStatus } from './shipment-machine.ts';

/**
 * What the shipment calls answer (docs/domain/loading-and-shipments.md): a shipment as the list shows
 * it, a page of them, its content, the provinces. The requests are in `shipments.ts`.
 */

const id = (what: string) => z.number().int().describe(what);
const tons = (what: string) => z.number().nullable().describe(`${what} Tons, three decimals (kg).`);
const istanbulDateTime = (what: string) =>
  z.iso.datetime({ offset: true }).describe(`${what} ISO 8601 with Istanbul's offset.`);

/** One of the 81 provinces (`GET /shipments/cities`); plate code 1…81. */
export const City = z
  .object({
    plateCode: z.number().int().describe("The province's licence plate code, 1…81."),
    name: z.string().describe("The province's Turkish name."),
    latitude: z.number().describe("The province centre's latitude, degrees."),
    longitude: z.number().describe("The province centre's longitude, degrees."),
  })
  .meta({ id: 'City' });
export type City = z.infer<typeof City>;

export const STOP_KINDS = { FROM: 'Çıkış', INTERMEDIATE: 'Ara durak', TO: 'Varış' } as const;
export type StopKind = keyof typeof STOP_KINDS;

/** A stop of the route, in driving order; coordinates null when the warehouse has none. */
export const RouteStop = z
  .object({
    kind: z
      .enum(Object.keys(STOP_KINDS) as [StopKind, ...StopKind[]])
      .describe('FROM (Çıkış): the own warehouse it leaves; INTERMEDIATE (Ara durak); TO (Varış).'),
    warehouseId: id(
      'FROM: an own warehouse id (`GET /warehouses`); INTERMEDIATE and TO: a buyer warehouse id (`GET /buyers/warehouses`).',
    ),
    title: z
      .string()
      .describe("'name - short name' of an own warehouse; 'code - title' of a buyer warehouse."),
    buyerId: z
      .number()
      .int()
      .nullable()
      .describe('INTERMEDIATE and TO: the buyer whose warehouse it is; FROM (an own warehouse): null.'),
    latitude: z.number().nullable().describe('Degrees; null when the warehouse has no coordinates.'),
    longitude: z.number().nullable().describe('Degrees; null when the warehouse has no coordinates.'),
  })
  .meta({ id: 'RouteStop' });
export type RouteStop = z.infer<typeof RouteStop>;

export const Shipment = z
  .object({
    id: id("The shipment's id."),
    shipmentCode: z.string().describe("The shipment's code, unique, in upper case."),
    vehicleId: id('The order vehicle (fleet) that carries it.'),
    vehicleDescription: z.string().describe("The vehicle as 'plate · brand model'."),
    vehiclePalletCapacity: z.number().int().describe('Pallets the vehicle takes.'),
    driverId: id('The driver (fleet) who drives it.'),
    driverFullName: z.string().describe("The driver's 'name surname'."),
    fromWarehouseId: id('The own warehouse it leaves from (`GET /warehouses`).'),
    intermediateWarehouse1Id: z
      .number()
      .int()
      .nullable()
      .describe('A buyer warehouse (`GET /buyers/warehouses`) on the way, or null.'),
    intermediateWarehouse2Id: z
      .number()
      .int()
      .nullable()
      .describe('A second buyer warehouse on the way, or null.'),
    toWarehouseId: id('The buyer warehouse it goes to.'),
    stops: z.array(RouteStop).describe('The stops in driving order: from, intermediates, to.'),
    toCity: City.pick({ plateCode: true, name: true })
      .nullable()
      .describe(
        "The destination's province (the province centre nearest to its coordinates), for the city filter; null when the destination has no coordinates.",
      ),
    destination: z
      .object({
        buyerId: id('The buyer whose warehouse the shipment goes to.'),
        buyerTitle: z.string(),
        buyerCode: z.string(),
        code: z.string().describe("The destination warehouse's code."),
        title: z.string().describe("The destination warehouse's title."),
      })
      .describe("Whose warehouse the shipment goes to: the buyer's title and code beside the branch."),
    totalItemCount: z.number().int().describe('Pieces loaded, over all load records.'),
    loadCount: z
      .number()
      .int()
      .describe('Load records on the shipment: one per load of an order item from one stock warehouse.'),
    expectedWeightInTons: tons(
      'The net weight of the loads, from their bundles; null without loads or when no loaded line weighs.',
    ),
    loadedWeightInTons: tons('What the weighbridge showed; null until weighed.'),
    weightWarning: z
      .string()
      .nullable()
      .describe(
        'Turkish, set while the weighed load is outside tolerance or above capacity: what is wrong and what to do.',
      ),
    routeDistance: z
      .number()
      .int()
      .nullable()
      .describe('Metres (the screens show km with 2 decimals); null when a stop has no coordinates.'),
    duration: z
      .number()
      .int()
      .nullable()
      .describe('Seconds (the screens show minutes); null when a stop has no coordinates.'),
    routeIsEstimate: z
      .boolean()
      .describe(
        "True when the figures are the server's estimate (great-circle × 1.3 at 60 km/h), not a router's.",
      ),
    routeGeometry: z
      .array(z.tuple([z.number(), z.number()]))
      .nullable()
      .optional()
      .describe(
        "The routing service's road as [latitude, longitude] points; null for an estimate. Only in the answers about one shipment (its content, a write): the lists leave it out.",
      ),
    status: ShipmentStatus,
    statusDetail: EnumDescription.describe('The status: `name` its code, `label` its Turkish label.'),
    actionContext: ShipmentContextSchema.describe(
      "The guards' facts (tons, pieces, percent), for `shipmentMachine.actionsFrom(status, actionContext)`.",
    ),
    availableActions: z
      .array(EnumDescription)
      .describe('The actions allowed now, in table order: `name` the action, `label` its Turkish label.'),
    description: z.string().describe('Free text; empty when none.'),
    createdAt: istanbulDateTime('When it was created.'),
    updatedAt: istanbulDateTime('When it last changed.'),
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof Shipment>;
export const ShipmentList = z.array(Shipment);

/** A paged `GET /shipments`; unpaged answers are plain arrays. */
export const ShipmentPage = z
  .object({
    shipments: z.array(Shipment).describe('This page, newest first.'),
    page: z.number().int().describe('The page, from 1.'),
    size: z.number().int().describe('Shipments per page.'),
    count: z
      .number()
      .int()
      .describe(
        `Shipments matching the filters, over all pages, counted up to ${COUNT_LIMIT}; the pages reach the newest ${COUNT_LIMIT}.`,
      ),
    totalPages: z.number().int().describe('At least 1.'),
    countCapped,
  })
  .meta({ id: 'ShipmentPage' });
export type ShipmentPage = z.infer<typeof ShipmentPage>;

export function shipmentContextOf(shipment: Pick<Shipment, 'actionContext'>): ShipmentContext {
  return shipment.actionContext;
}

/** Pieces of one lot loaded on a shipment. */
export const ShipmentLot = LotRef.extend({
  quantity: z.number().int().describe("Pieces of the lot's item loaded from it."),
}).meta({ id: 'ShipmentLot', description: 'A lot the loads took, with its pieces.' });
export type ShipmentLot = z.infer<typeof ShipmentLot>;

/** `GET /shipments/{id}/content`: one line per order item loaded on the shipment. */
export const ShipmentContentLine = z
  .object({
    orderId: id('The order of the item.'),
    orderNumber: z.number().int().describe("The order's number, as the screens show it."),
    orderItemId: id('The order item loaded.'),
    buyer: z
      .object({ id: id("The order's buyer."), title: z.string(), code: z.string() })
      .describe("The order's buyer."),
    productName: z.string(),
    stockCode: z.string().nullable(),
    barcode: z.string().nullable(),
    quantityInBox: z.number().int().describe('Pieces per box of the product.'),
    pieces: z.number().int().describe('Pieces of the item loaded on this shipment.'),
    boxes: z.number().int().describe('Whole boxes of those pieces.'),
    warehouseLoads: z
      .array(
        z.object({
          warehouseId: id('The stock warehouse (own warehouse) the pieces were taken from.'),
          warehouse: z.string().describe("Its name, 'DEPO1'."),
          warehouseLabel: z.string().describe("Its name as the screens show it, 'Depo-1'."),
          quantity: z.number().int().describe('Pieces loaded from it.'),
          lots: z
            .array(ShipmentLot)
            .describe(
              "The lots the pieces came from, earliest expiry first; the undated lot ('SKT yok') last.",
            ),
        }),
      )
      .describe('Per stock warehouse, by name.'),
    itemStatusDetail: EnumDescription.describe(
      "The order item's status: `name` its code, `label` its Turkish label.",
    ),
  })
  .meta({ id: 'ShipmentContentLine' });
export type ShipmentContentLine = z.infer<typeof ShipmentContentLine>;

export const ShipmentContent = z
  .object({
    shipment: Shipment,
    lines: z.array(ShipmentContentLine).describe('By order number, then item.'),
  })
  .meta({ id: 'ShipmentContent' });
export type ShipmentContent = z.infer<typeof ShipmentContent>;
