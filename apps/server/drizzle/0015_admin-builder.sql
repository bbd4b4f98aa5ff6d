CREATE TABLE "admin_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"name" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"api_id" uuid NOT NULL,
	"tables" text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"table_name" text NOT NULL,
	"row_key" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_table_settings" (
	"app_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_table_settings_app_id_table_name_pk" PRIMARY KEY("app_id","table_name")
);
--> statement-breakpoint
ALTER TABLE "api_definitions" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_apps" ADD CONSTRAINT "admin_apps_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_apps" ADD CONSTRAINT "admin_apps_connection_id_api_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."api_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_apps" ADD CONSTRAINT "admin_apps_api_id_api_definitions_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."api_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_apps" ADD CONSTRAINT "admin_apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_rows" ADD CONSTRAINT "admin_audit_rows_app_id_admin_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admin_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_rows" ADD CONSTRAINT "admin_audit_rows_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_table_settings" ADD CONSTRAINT "admin_table_settings_app_id_admin_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admin_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_apps_seed_idx" ON "admin_apps" USING btree ("seed_id");--> statement-breakpoint
CREATE INDEX "admin_audit_rows_app_idx" ON "admin_audit_rows" USING btree ("app_id","created_at");