CREATE TABLE "api_usage_daily" (
	"day" date NOT NULL,
	"service" text NOT NULL,
	"user_id" uuid,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_usage_daily_key" UNIQUE NULLS NOT DISTINCT("day","service","user_id")
);
--> statement-breakpoint
CREATE TABLE "seed_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_initials" text GENERATED ALWAYS AS (hangul_initials(full_name)) STORED;--> statement-breakpoint
ALTER TABLE "seed_invitations" ADD CONSTRAINT "seed_invitations_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seed_invitations" ADD CONSTRAINT "seed_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_usage_daily_user_idx" ON "api_usage_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "seed_invitations_seed_email_key" ON "seed_invitations" USING btree ("seed_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "seed_invitations_token_key" ON "seed_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "seeds_owner_idx" ON "seeds" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_initials_trgm_idx" ON "users" USING gin ("name_initials" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_deleted_at_idx" ON "users" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;