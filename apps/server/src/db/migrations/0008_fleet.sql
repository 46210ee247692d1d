CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"gender" text,
	"date_of_birth" date,
	"phone" text DEFAULT '' NOT NULL,
	"tckn" text,
	"licence_number" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_name_check" CHECK (btrim("drivers"."name") <> '' and btrim("drivers"."surname") <> ''),
	CONSTRAINT "drivers_status_check" CHECK (status in ('AVAILABLE', 'LOAD_WEIGHT_CHECK', 'ON_DELIVERY', 'ON_VACATION'))
);
--> statement-breakpoint
CREATE TABLE "shipment_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"pieces" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "shipment_loads_pieces_check" CHECK ("shipment_loads"."pieces" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"vehicle_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"from_warehouse_id" integer NOT NULL,
	"intermediate_warehouse1_id" integer,
	"intermediate_warehouse2_id" integer,
	"to_warehouse_id" integer NOT NULL,
	"status" text DEFAULT 'PARKING' NOT NULL,
	"route_distance_in_meters" integer,
	"route_duration_in_seconds" integer,
	"route_is_estimate" boolean DEFAULT true NOT NULL,
	"route_geometry" jsonb,
	"loaded_weight_in_tons" numeric(8, 3),
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_check" CHECK (status in ('PARKING', 'PREPARING_TO_LOAD', 'LOADING', 'LOAD_CHECK', 'LOAD_CHECK_COMPLETED', 'LOAD_WEIGHT_CHECK', 'LOAD_WEIGHT_CHECK_COMPLETED', 'ON_DELIVERY', 'DELIVERED', 'RETURNING_TO_WAREHOUSE')),
	CONSTRAINT "shipments_figures_check" CHECK (("shipments"."route_distance_in_meters" is null or "shipments"."route_distance_in_meters" >= 0)
        and ("shipments"."route_duration_in_seconds" is null or "shipments"."route_duration_in_seconds" >= 0)
        and ("shipments"."loaded_weight_in_tons" is null or "shipments"."loaded_weight_in_tons" > 0))
);
--> statement-breakpoint
CREATE TABLE "vehicle_drivers" (
	"vehicle_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	CONSTRAINT "vehicle_drivers_vehicle_id_driver_id_pk" PRIMARY KEY("vehicle_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"licence_plate_code" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"production_year" integer NOT NULL,
	"year_of_purchase" integer NOT NULL,
	"capacity_in_tons" numeric(8, 2) DEFAULT 0 NOT NULL,
	"pallet_capacity" integer DEFAULT 0 NOT NULL,
	"fuel_consumption_empty" numeric(8, 2) DEFAULT 0 NOT NULL,
	"fuel_consumption_half_full" numeric(8, 2) DEFAULT 0 NOT NULL,
	"fuel_consumption_full" numeric(8, 2) DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_figures_check" CHECK ("vehicles"."capacity_in_tons" >= 0 and "vehicles"."pallet_capacity" >= 0 and "vehicles"."fuel_consumption_empty" >= 0
        and "vehicles"."fuel_consumption_half_full" >= 0 and "vehicles"."fuel_consumption_full" >= 0),
	CONSTRAINT "vehicles_status_check" CHECK (status in ('AVAILABLE', 'IN_MAINTENANCE', 'OUT_OF_SERVICE'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "planned_vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "planned_vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_palette_count" integer;--> statement-breakpoint
ALTER TABLE "shipment_loads" ADD CONSTRAINT "shipment_loads_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_loads" ADD CONSTRAINT "shipment_loads_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_loads" ADD CONSTRAINT "shipment_loads_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_loads" ADD CONSTRAINT "shipment_loads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_from_warehouse_id_warehouses_id_fk" FOREIGN KEY ("from_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_intermediate_warehouse1_id_buyer_warehouses_id_fk" FOREIGN KEY ("intermediate_warehouse1_id") REFERENCES "public"."buyer_warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_intermediate_warehouse2_id_buyer_warehouses_id_fk" FOREIGN KEY ("intermediate_warehouse2_id") REFERENCES "public"."buyer_warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_to_warehouse_id_buyer_warehouses_id_fk" FOREIGN KEY ("to_warehouse_id") REFERENCES "public"."buyer_warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_drivers" ADD CONSTRAINT "vehicle_drivers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_drivers" ADD CONSTRAINT "vehicle_drivers_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_loads_shipment_idx" ON "shipment_loads" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_loads_order_item_idx" ON "shipment_loads" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_code_key" ON "shipments" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_open_vehicle_key" ON "shipments" USING btree ("vehicle_id") WHERE status <> 'DELIVERED';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_open_driver_key" ON "shipments" USING btree ("driver_id") WHERE status <> 'DELIVERED';--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "vehicle_drivers_driver_idx" ON "vehicle_drivers" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_key" ON "vehicles" USING btree (replace("licence_plate_code", ' ', ''));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_planned_vehicle_id_vehicles_id_fk" FOREIGN KEY ("planned_vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_planned_vehicle_id_vehicles_id_fk" FOREIGN KEY ("planned_vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_planned_vehicle_idx" ON "orders" USING btree ("planned_vehicle_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_palette_count_check" CHECK ("orders"."estimated_palette_count" is null or "orders"."estimated_palette_count" >= 0);