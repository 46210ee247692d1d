ALTER TABLE "shipments" ADD COLUMN "load_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "load_pieces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "loads_all_accepted" boolean;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "expected_weight_in_tons" numeric;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "expected_weight_complete" boolean;--> statement-breakpoint
UPDATE "shipments" s
   SET load_count = lf.load_count, load_pieces = lf.pieces, loads_all_accepted = lf.all_accepted,
       expected_weight_in_tons = wf.expected_tons, expected_weight_complete = wf.weight_complete
  FROM shipments x
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS load_count, coalesce(sum(l.pieces), 0)::int AS pieces,
           bool_and(oi.status = 'LOAD_STATUS_ACCEPTED') AS all_accepted
      FROM shipment_loads l JOIN order_items oi ON oi.id = l.order_item_id
     WHERE l.shipment_id = x.id) lf
  CROSS JOIN LATERAL (
    SELECT sum(l.pieces * pb.quantity * CASE i.packaging_unit_type
             WHEN 'GRAM' THEN i.packaging_unit_type_amount / 1000000.0
             WHEN 'KILOGRAM' THEN i.packaging_unit_type_amount / 1000.0
             WHEN 'TONS' THEN i.packaging_unit_type_amount
             WHEN 'LITERS' THEN i.packaging_unit_type_amount * 1.03 / 1000.0
             WHEN 'MILLILITERS' THEN i.packaging_unit_type_amount * 1.03 / 1000000.0
           END) AS expected_tons,
           bool_and(i.packaging_unit_type <> 'QUANTITY') AS weight_complete
      FROM shipment_loads l
      JOIN order_items oi ON oi.id = l.order_item_id
      JOIN bundle_snapshot_lines pb ON pb.snapshot_id = oi.bundle_snapshot_id
      JOIN product_items i ON i.id = pb.product_item_id
     WHERE l.shipment_id = x.id) wf
 WHERE x.id = s.id AND x.id IN (SELECT DISTINCT shipment_id FROM shipment_loads);
