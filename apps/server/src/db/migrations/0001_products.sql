CREATE TABLE "pending_product_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_code" text NOT NULL,
	"name" text NOT NULL,
	"barcode" text,
	"packaging_type" text,
	"warehouse_stock_type" text,
	"packaging_unit_type" text,
	"packaging_unit_type_amount" numeric(12, 3),
	"width" numeric(10, 2),
	"length" numeric(10, 2),
	"height" numeric(10, 2),
	"quantity_in_box" integer,
	"notes" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"product_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "product_bundles_quantity_check" CHECK ("product_bundles"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "product_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"stock_code" text NOT NULL,
	"barcode" text NOT NULL,
	"packaging_type" text NOT NULL,
	"warehouse_stock_type" text NOT NULL,
	"packaging_unit_type" text NOT NULL,
	"packaging_unit_type_amount" numeric(12, 3) NOT NULL,
	"packaging_group" text GENERATED ALWAYS AS (trim_scale(packaging_unit_type_amount)::text || ' ' || packaging_unit_type) STORED,
	"width" numeric(10, 2) NOT NULL,
	"length" numeric(10, 2) NOT NULL,
	"height" numeric(10, 2) NOT NULL,
	"quantity_in_box" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"stock_code" text,
	"barcode" text,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"online_listing_available" boolean DEFAULT true NOT NULL,
	"truck_shipping_available" boolean DEFAULT true NOT NULL,
	"quantity_inside_box" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_amounts_check" CHECK ("products"."price" >= 0 and "products"."discount" >= 0 and "products"."quantity_inside_box" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_bundles" ADD CONSTRAINT "product_bundles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bundles" ADD CONSTRAINT "product_bundles_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_product_items_stock_code_key" ON "pending_product_items" USING btree ("stock_code");--> statement-breakpoint
CREATE UNIQUE INDEX "product_bundles_product_item_key" ON "product_bundles" USING btree ("product_id","product_item_id");--> statement-breakpoint
CREATE INDEX "product_bundles_item_idx" ON "product_bundles" USING btree ("product_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_items_stock_code_key" ON "product_items" USING btree ("stock_code");--> statement-breakpoint
CREATE UNIQUE INDEX "product_items_barcode_key" ON "product_items" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "product_items_packaging_group_idx" ON "product_items" USING btree ("packaging_group");--> statement-breakpoint
CREATE UNIQUE INDEX "products_stock_code_key" ON "products" USING btree ("stock_code");--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_key" ON "products" USING btree ("barcode");