CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"metric" text NOT NULL,
	"comparison" text NOT NULL,
	"threshold" double precision NOT NULL,
	"clear_at" double precision NOT NULL,
	"severity" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid,
	"source" text NOT NULL,
	"equipment_id" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"value" double precision,
	"status" text DEFAULT 'active' NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	"acknowledge_note" text,
	"cleared_by" uuid,
	"cleared_at" timestamp with time zone,
	"clear_note" text
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"equipment_id" text NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"completed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "data_centers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"function" text NOT NULL,
	"ip_address" text NOT NULL,
	"facility_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"facility_id" uuid NOT NULL,
	"room_id" uuid,
	"location" text,
	"rated" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"state" text,
	"latitude" double precision,
	"longitude" double precision,
	"timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'production' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry" (
	"equipment_id" text NOT NULL,
	"metric" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "telemetry_equipment_id_metric_ts_pk" PRIMARY KEY("equipment_id","metric","ts")
);
--> statement-breakpoint
CREATE TABLE "telemetry_1h" (
	"equipment_id" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "telemetry_1h_equipment_id_metric_bucket_pk" PRIMARY KEY("equipment_id","metric","bucket")
);
--> statement-breakpoint
CREATE TABLE "telemetry_1m" (
	"equipment_id" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "telemetry_1m_equipment_id_metric_bucket_pk" PRIMARY KEY("equipment_id","metric","bucket")
);
--> statement-breakpoint
CREATE TABLE "telemetry_latest" (
	"equipment_id" text NOT NULL,
	"metric" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "telemetry_latest_equipment_id_metric_pk" PRIMARY KEY("equipment_id","metric")
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_centers" ADD CONSTRAINT "data_centers_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_open_idx" ON "alerts" USING btree ("source","equipment_id") WHERE "alerts"."status" <> 'cleared';--> statement-breakpoint
CREATE INDEX "alerts_status_idx" ON "alerts" USING btree ("status","severity","raised_at");--> statement-breakpoint
CREATE INDEX "commands_equipment_idx" ON "commands" USING btree ("equipment_id","requested_at");--> statement-breakpoint
CREATE INDEX "equipment_facility_idx" ON "equipment" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "equipment_room_idx" ON "equipment" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "equipment_kind_status_idx" ON "equipment" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "rooms_facility_idx" ON "rooms" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "telemetry_ts_idx" ON "telemetry" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "telemetry_1h_bucket_idx" ON "telemetry_1h" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "telemetry_1m_bucket_idx" ON "telemetry_1m" USING btree ("bucket");