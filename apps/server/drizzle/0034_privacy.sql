CREATE TABLE "privacy_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_email" text DEFAULT '' NOT NULL,
	"scope" text NOT NULL,
	"seed_id" uuid,
	"action" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"reason" text,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"token_hash" text,
	"rows" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"requested_by" uuid,
	"kind" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_masked" text NOT NULL,
	"subject_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"receipt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"export_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_access_log_created_idx" ON "privacy_access_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "privacy_access_log_actor_idx" ON "privacy_access_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_exports_user_idx" ON "privacy_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_exports_expires_idx" ON "privacy_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_seed_idx" ON "privacy_requests" USING btree ("seed_id","created_at");