-- Where a timeline fact is (ADR 035): alerts, commands and device status changes carry their
-- equipment's facility, set in the inserting statement, so the events timeline's facility filter
-- reads each source on a (facility_id, time) index instead of joining every row to its equipment.
-- Rows already written are placed by a background job in batches (platform/place-backfill.ts),
-- never here: a migration stays fast on a large table.
CREATE TABLE "backfills" (
	"name" text PRIMARY KEY NOT NULL,
	"next_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "equipment_status_changes" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
CREATE INDEX "alerts_facility_raised_idx" ON "alerts" USING btree ("facility_id","raised_at");--> statement-breakpoint
CREATE INDEX "alerts_facility_acknowledged_idx" ON "alerts" USING btree ("facility_id","acknowledged_at");--> statement-breakpoint
CREATE INDEX "alerts_facility_cleared_idx" ON "alerts" USING btree ("facility_id","cleared_at");--> statement-breakpoint
CREATE INDEX "alerts_place_pending_idx" ON "alerts" USING btree ("id") WHERE "alerts"."facility_id" is null and "alerts"."equipment_id" is not null;--> statement-breakpoint
CREATE INDEX "commands_facility_requested_idx" ON "commands" USING btree ("facility_id","requested_at");--> statement-breakpoint
CREATE INDEX "commands_facility_completed_idx" ON "commands" USING btree ("facility_id","completed_at");--> statement-breakpoint
CREATE INDEX "commands_place_pending_idx" ON "commands" USING btree ("id") WHERE "commands"."facility_id" is null;--> statement-breakpoint
CREATE INDEX "equipment_status_changes_facility_idx" ON "equipment_status_changes" USING btree ("facility_id","at");--> statement-breakpoint
CREATE INDEX "equipment_status_changes_place_pending_idx" ON "equipment_status_changes" USING btree ("id") WHERE "equipment_status_changes"."facility_id" is null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_from_equipment() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT e.facility_id INTO NEW.facility_id FROM equipment e WHERE e.id = NEW.equipment_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "alerts_place" BEFORE INSERT ON "alerts" FOR EACH ROW
  WHEN (NEW.facility_id IS NULL AND NEW.equipment_id IS NOT NULL)
  EXECUTE FUNCTION place_from_equipment();--> statement-breakpoint
CREATE TRIGGER "commands_place" BEFORE INSERT ON "commands" FOR EACH ROW
  WHEN (NEW.facility_id IS NULL)
  EXECUTE FUNCTION place_from_equipment();--> statement-breakpoint
CREATE TRIGGER "equipment_status_changes_place" BEFORE INSERT ON "equipment_status_changes" FOR EACH ROW
  WHEN (NEW.facility_id IS NULL)
  EXECUTE FUNCTION place_from_equipment();--> statement-breakpoint
-- The audit entries written before 0022's trigger (their place null though they have a target):
-- walked down from the newest such id. The other tables' work lists are their pending indexes.
INSERT INTO "backfills" ("name", "next_id") VALUES ('audit_log.place',
  (SELECT max("id") FROM "audit_log" WHERE "target" IS NOT NULL AND "facility_id" IS NULL AND "equipment_id" IS NULL));
