CREATE TABLE "admin_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"table_name" text NOT NULL,
	"row_key" text NOT NULL,
	"column_name" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_role_members" (
	"app_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_role_members_app_id_user_id_pk" PRIMARY KEY("app_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "admin_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_reveals" ADD CONSTRAINT "admin_reveals_app_id_admin_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admin_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_reveals" ADD CONSTRAINT "admin_reveals_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_role_members" ADD CONSTRAINT "admin_role_members_app_id_admin_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admin_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_role_members" ADD CONSTRAINT "admin_role_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_role_members" ADD CONSTRAINT "admin_role_members_role_id_admin_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."admin_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_roles" ADD CONSTRAINT "admin_roles_app_id_admin_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admin_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_reveals_app_idx" ON "admin_reveals" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_reveals_actor_idx" ON "admin_reveals" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "admin_role_members_role_idx" ON "admin_role_members" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_roles_app_name_idx" ON "admin_roles" USING btree ("app_id","name");