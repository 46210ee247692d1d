CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "basket_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"box_quantity" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_lines_quantity_check" CHECK ("basket_lines"."box_quantity" >= 1 and "basket_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"stock_code" text,
	"barcode" text,
	"quantity_in_box" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"ordered_quantity" integer NOT NULL,
	"quantity" integer NOT NULL,
	"loaded_quantity" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'WAITING_FOR_APPROVAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_quantities_check" CHECK ("order_items"."ordered_quantity" >= 1 and "order_items"."quantity" >= 0 and "order_items"."quantity" <= "order_items"."ordered_quantity"
        and "order_items"."loaded_quantity" >= 0 and "order_items"."loaded_quantity" <= "order_items"."quantity"
        and "order_items"."unit_price" >= 0 and "order_items"."discount" >= 0),
	CONSTRAINT "order_items_status_check" CHECK (status in ('WAITING_FOR_APPROVAL', 'APPROVED', 'APPROVED_PARTIALLY', 'CANCELED', 'WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING', 'PREPARED_WAITING_FOR_LOADING', 'LOADING', 'LOADED_TO_TRUCK_FROM_WAREHOUSE', 'LOAD_STATUS_ACCEPTED', 'DELIVERED_TO_BUYER'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer DEFAULT nextval('order_number_seq') NOT NULL,
	"buyer_id" integer NOT NULL,
	"buyer_branch_id" integer,
	"buyer_request_reference_code" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'WAITING_FOR_REVIEW' NOT NULL,
	"color_group" text,
	"planned_shipment_date" date,
	"total_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"dealt_total_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "orders_totals_check" CHECK ("orders"."total_price" >= 0 and "orders"."dealt_total_price" >= 0),
	CONSTRAINT "orders_status_check" CHECK (status in ('WAITING_FOR_REVIEW', 'IN_REVIEW', 'IN_PROGRESS', 'CANCELED_BY_SELLER', 'CANCELED_BY_BUYER', 'COMPLETED'))
);
--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_branch_id_buyer_warehouses_id_fk" FOREIGN KEY ("buyer_branch_id") REFERENCES "public"."buyer_warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "basket_lines_basket_product_key" ON "basket_lines" USING btree ("basket_id","product_id");--> statement-breakpoint
CREATE INDEX "basket_lines_product_idx" ON "basket_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "baskets_buyer_key" ON "baskets" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_open_product_idx" ON "order_items" USING btree ("product_id","quantity","loaded_quantity") WHERE status in ('WAITING_FOR_APPROVAL', 'APPROVED', 'APPROVED_PARTIALLY', 'WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING', 'PREPARED_WAITING_FOR_LOADING', 'LOADING');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_key" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);