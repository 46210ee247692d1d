CREATE TABLE "product_reservations" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"basket_pieces" integer DEFAULT 0 NOT NULL,
	"order_pieces" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_reservations_pieces_check" CHECK ("product_reservations"."basket_pieces" >= 0 and "product_reservations"."order_pieces" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_reservations" ADD CONSTRAINT "product_reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill: the reservation sums as they stand (decision 65); from here on the services keep them.
INSERT INTO "product_reservations" ("product_id", "basket_pieces", "order_pieces")
SELECT p.id,
       coalesce((SELECT sum(bl.quantity) FROM basket_lines bl WHERE bl.product_id = p.id), 0),
       coalesce((SELECT sum(oi.quantity - oi.loaded_quantity) FROM order_items oi
                  WHERE oi.product_id = p.id
                    AND oi.status IN ('WAITING_FOR_APPROVAL', 'APPROVED', 'APPROVED_PARTIALLY',
                                      'WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING',
                                      'PREPARED_WAITING_FOR_LOADING', 'LOADING')), 0)
  FROM products p;
