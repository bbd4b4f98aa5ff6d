CREATE TABLE "database_backups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"engine" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"schedules" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_outside_services" (
	"service" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text,
	"failures_in_row" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "database_backups_made_idx" ON "database_backups" USING btree ("made_at");--> statement-breakpoint
CREATE INDEX "monitoring_instances_seen_idx" ON "monitoring_instances" USING btree ("seen_at");