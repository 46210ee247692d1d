CREATE TABLE "buyer_warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_warehouses_location_check" CHECK (("buyer_warehouses"."latitude" is null) = ("buyer_warehouses"."longitude" is null)
        and ("buyer_warehouses"."latitude" is null or "buyer_warehouses"."latitude" between -90 and 90)
        and ("buyer_warehouses"."longitude" is null or "buyer_warehouses"."longitude" between -180 and 180))
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone1" text DEFAULT '' NOT NULL,
	"phone2" text DEFAULT '' NOT NULL,
	"tckn" text,
	"vkn" text,
	"tax_office" text DEFAULT '' NOT NULL,
	"address_main" text DEFAULT '' NOT NULL,
	"address_secondary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyers_code_title_check" CHECK (btrim("buyers"."code") <> '' and btrim("buyers"."title") <> '')
);
--> statement-breakpoint
CREATE TABLE "pending_buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"name" text,
	"surname" text,
	"email" text,
	"phone1" text,
	"phone2" text,
	"tckn" text,
	"vkn" text,
	"tax_office" text,
	"address_main" text,
	"address_secondary" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_warehouses" ADD CONSTRAINT "buyer_warehouses_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_warehouses_buyer_code_key" ON "buyer_warehouses" USING btree ("buyer_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_code_key" ON "buyers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_buyers_code_key" ON "pending_buyers" USING btree ("code");