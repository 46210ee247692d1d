CREATE TABLE "milk_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"milk_vehicle_id" integer NOT NULL,
	"milk_vehicle_driver_id" integer NOT NULL,
	"delivered_cow_milk_volume" numeric(10, 1) DEFAULT 0 NOT NULL,
	"delivered_sheep_milk_volume" numeric(10, 1) DEFAULT 0 NOT NULL,
	"delivered_goat_milk_volume" numeric(10, 1) DEFAULT 0 NOT NULL,
	"delivery_date_time" timestamp with time zone NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milk_deliveries_volumes_check" CHECK ("milk_deliveries"."delivered_cow_milk_volume" >= 0 and "milk_deliveries"."delivered_sheep_milk_volume" >= 0 and "milk_deliveries"."delivered_goat_milk_volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "milk_vehicle_drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"gender" text,
	"date_of_birth" date,
	"phone" text DEFAULT '' NOT NULL,
	"tckn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milk_vehicle_drivers_name_check" CHECK (btrim("milk_vehicle_drivers"."name") <> '' and btrim("milk_vehicle_drivers"."surname") <> '')
);
--> statement-breakpoint
CREATE TABLE "milk_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"licence_plate_code" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"production_year" integer,
	"year_of_purchase" integer,
	"tanker_count" integer DEFAULT 0 NOT NULL,
	"tanker_volume_per_unit" numeric(10, 1) DEFAULT 0 NOT NULL,
	"total_volume" numeric(10, 1) GENERATED ALWAYS AS ("tanker_count" * "tanker_volume_per_unit") STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milk_vehicles_tanker_count_check" CHECK ("milk_vehicles"."tanker_count" >= 0),
	CONSTRAINT "milk_vehicles_tanker_volume_check" CHECK ("milk_vehicles"."tanker_volume_per_unit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "milk_deliveries" ADD CONSTRAINT "milk_deliveries_milk_vehicle_id_milk_vehicles_id_fk" FOREIGN KEY ("milk_vehicle_id") REFERENCES "public"."milk_vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milk_deliveries" ADD CONSTRAINT "milk_deliveries_milk_vehicle_driver_id_milk_vehicle_drivers_id_fk" FOREIGN KEY ("milk_vehicle_driver_id") REFERENCES "public"."milk_vehicle_drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milk_deliveries" ADD CONSTRAINT "milk_deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milk_deliveries" ADD CONSTRAINT "milk_deliveries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milk_deliveries_date_idx" ON "milk_deliveries" USING btree ("delivery_date_time","id");--> statement-breakpoint
CREATE INDEX "milk_deliveries_vehicle_date_idx" ON "milk_deliveries" USING btree ("milk_vehicle_id","delivery_date_time");--> statement-breakpoint
CREATE INDEX "milk_deliveries_driver_date_idx" ON "milk_deliveries" USING btree ("milk_vehicle_driver_id","delivery_date_time");--> statement-breakpoint
CREATE UNIQUE INDEX "milk_vehicles_plate_key" ON "milk_vehicles" USING btree (replace("licence_plate_code", ' ', ''));