CREATE TABLE "admin_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"import_key" text NOT NULL,
	"table_name" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rows" jsonb NOT NULL,
	"probe_before" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_imports" ADD CONSTRAINT "admin_imports_app_id_admin_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admin_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_imports" ADD CONSTRAINT "admin_imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_imports_key_idx" ON "admin_imports" USING btree ("app_id","import_key");--> statement-breakpoint
CREATE INDEX "admin_imports_status_idx" ON "admin_imports" USING btree ("status","created_at");