CREATE TABLE "weather_forecasts" (
	"facility_id" uuid PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"fetched_at" timestamp with time zone,
	"forecast" jsonb,
	"failed_at" timestamp with time zone,
	"failure" text
);
--> statement-breakpoint
ALTER TABLE "weather_forecasts" ADD CONSTRAINT "weather_forecasts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;