-- Where an audit entry's target is (ADR 035): the events timeline's facility and equipment
-- filters read these two columns on their own indexes instead of listing a facility's ~1,100
-- targets (its equipment, their alerts, its orders, plans, rooms and schedules) and reading the
-- log target by target.
ALTER TABLE "audit_log" ADD COLUMN "facility_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "equipment_id" text;--> statement-breakpoint
-- audit_place(action, target): the facility and equipment of what an entry names — an alert
-- (its equipment's), a work order, a maintenance plan, a room, a light schedule (its room's),
-- a facility, or a piece of equipment (any target equal to an equipment id). An `equipment.*` or
-- `deviceCredentials.*` entry whose equipment is gone (a deletion) keeps the id it names.
-- The same sets the timeline's filters listed at read time (event-sources.ts before ADR 035).
CREATE OR REPLACE FUNCTION audit_place(action text, target text, OUT facility uuid, OUT equipment text)
  LANGUAGE plpgsql STABLE
  AS $$
DECLARE
  target_uuid uuid;
BEGIN
  IF target IS NULL THEN
    RETURN;
  END IF;
  IF target ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN
    target_uuid := target::uuid;
    SELECT e.facility_id, al.equipment_id INTO facility, equipment
      FROM alerts al LEFT JOIN equipment e ON e.id = al.equipment_id WHERE al.id = target_uuid;
    IF FOUND THEN RETURN; END IF;
    SELECT o.facility_id, o.equipment_id INTO facility, equipment FROM work_orders o WHERE o.id = target_uuid;
    IF FOUND THEN RETURN; END IF;
    SELECT p.facility_id, p.equipment_id INTO facility, equipment FROM maintenance_plans p WHERE p.id = target_uuid;
    IF FOUND THEN RETURN; END IF;
    SELECT r.facility_id INTO facility FROM rooms r WHERE r.id = target_uuid;
    IF FOUND THEN RETURN; END IF;
    SELECT r.facility_id INTO facility
      FROM light_schedules ls JOIN rooms r ON r.id = ls.room_id WHERE ls.id = target_uuid;
    IF FOUND THEN RETURN; END IF;
    SELECT f.id INTO facility FROM facilities f WHERE f.id = target_uuid;
    IF FOUND THEN RETURN; END IF;
  END IF;
  SELECT e.facility_id, e.id INTO facility, equipment FROM equipment e WHERE e.id = target;
  IF NOT FOUND AND (action LIKE 'equipment.%' OR action LIKE 'deviceCredentials.%') THEN
    equipment := target;
  END IF;
END $$;--> statement-breakpoint
-- The entries already written are placed by a background job after the start (migration 0025,
-- apps/server/src/platform/place-backfill.ts): a large log would otherwise hold the start here.
-- Every entry written from now on, whoever inserts it (the audit writer, the bulk imports, the
-- seeds): worked out in the inserting statement, so an entry written with its change (one
-- transaction) sees the record the change just created.
CREATE OR REPLACE FUNCTION audit_log_place() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT p.facility, p.equipment INTO NEW.facility_id, NEW.equipment_id FROM audit_place(NEW.action, NEW.target) p;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_place" BEFORE INSERT ON "audit_log" FOR EACH ROW
  WHEN (NEW.target IS NOT NULL AND NEW.facility_id IS NULL AND NEW.equipment_id IS NULL)
  EXECUTE FUNCTION audit_log_place();--> statement-breakpoint
CREATE INDEX "audit_log_facility_idx" ON "audit_log" USING btree ("facility_id","at") WHERE "audit_log"."facility_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_equipment_idx" ON "audit_log" USING btree ("equipment_id","at") WHERE "audit_log"."equipment_id" is not null;
