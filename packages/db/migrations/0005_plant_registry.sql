ALTER TABLE "equipment" ADD COLUMN "manufacturer" text;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "serial" text;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "install_date" date;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "metrics" jsonb;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "area_m2" double precision;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "setpoint_min" double precision;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "setpoint_max" double precision;--> statement-breakpoint
-- Rooms are now unique by name within their facility: a name held twice gets " (2)", " (3)"… first.
UPDATE "rooms" AS "r" SET "name" = "r"."name" || ' (' || "d"."n" || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "facility_id", "name" ORDER BY "created_at", "id") AS "n" FROM "rooms") AS "d" WHERE "r"."id" = "d"."id" AND "d"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_facility_name_key" ON "rooms" USING btree ("facility_id","name");