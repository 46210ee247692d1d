import { sql } from 'drizzle-orm';
import type { KeptFigure } from '../../db/kept-figure.ts';
import { SET_SHIPMENT_FIGURES, shipmentFiguresFromLoads } from './shipment-figures.ts';

/** The kept columns of a row, to compare as one. */
const figuresOf = (row: string) =>
  sql.raw(
    ['load_count', 'load_pieces', 'loads_all_accepted', 'expected_weight_in_tons', 'expected_weight_complete']
      .map((column) => `${row}.${column}`)
      .join(', '),
  );

/** A shipment row's figures in words: loads, pieces, all accepted, expected tons, weight complete. */
const describedOf = (row: string) =>
  sql.raw(
    `concat_ws(' / ', ${row}.load_count || ' loads', ${row}.load_pieces || ' pieces',
               'accepted ' || coalesce(${row}.loads_all_accepted::text, 'none'),
               coalesce(${row}.expected_weight_in_tons::text, 'no') || ' t',
               'complete ' || coalesce(${row}.expected_weight_complete::text, 'none'))`,
  );

const ALL_SHIPMENTS = shipmentFiguresFromLoads(sql`true`);

/**
 * Each shipment's loads, pieces, acceptance and expected weight (migration 0015, decision 114), which the
 * list, the content and the weighbridge read: recomputed from the shipment's loads by
 * `keepShipmentFigures`, which every write of a load or of a loaded item's acceptance calls.
 */
export const SHIPMENT_LOAD_FIGURES: KeptFigure = {
  name: "shipments' load figures",
  table: 'shipments',
  triggers: [],
  services: ['apps/server/src/modules/load-figures/shipment-figures.ts keepShipmentFigures'],
  differences: sql`
    select 'shipment ' || s.id as key, ${describedOf('s')} as kept, ${describedOf('f')} as summed
      from shipments s join (${ALL_SHIPMENTS}) f on f.id = s.id
     where (${figuresOf('s')}) is distinct from (${figuresOf('f')})
     order by s.id`,
  recount: [
    sql`update shipments s set ${SET_SHIPMENT_FIGURES}
          from (${ALL_SHIPMENTS}) f
         where f.id = s.id and (${figuresOf('s')}) is distinct from (${figuresOf('f')})`,
  ],
};
