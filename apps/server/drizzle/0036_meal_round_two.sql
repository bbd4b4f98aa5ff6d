CREATE TABLE "meal_company_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"meal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"kind" text NOT NULL,
	"month" text NOT NULL,
	"meal_date" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meal_company_shares_kind_check" CHECK ("meal_company_shares"."kind" in ('subsidy', 'team_budget')),
	CONSTRAINT "meal_company_shares_amount_check" CHECK ("meal_company_shares"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "meal_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"account_holder" text DEFAULT '' NOT NULL,
	"kakao_pay_link" text DEFAULT '' NOT NULL,
	"dietary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dietary_note" text DEFAULT '' NOT NULL,
	"favourites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"meal_id" uuid NOT NULL,
	"uploaded_by_id" uuid,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_settings" (
	"seed_id" uuid PRIMARY KEY NOT NULL,
	"reminder_every_days" integer DEFAULT 3 NOT NULL,
	"reminder_hour" integer DEFAULT 10 NOT NULL,
	"subsidy_per_day" integer DEFAULT 0 NOT NULL,
	"company_card_holder_id" uuid,
	"spenders" text DEFAULT 'admins' NOT NULL,
	"spender_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_team_members" (
	"seed_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	CONSTRAINT "meal_team_members_seed_id_user_id_pk" PRIMARY KEY("seed_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meal_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"name" text NOT NULL,
	"monthly_budget" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meal_teams_budget_check" CHECK ("meal_teams"."monthly_budget" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meal_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_id" uuid,
	"ledger_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meal_transfers_status_check" CHECK ("meal_transfers"."status" in ('sent', 'confirmed', 'cancelled')),
	CONSTRAINT "meal_transfers_amount_check" CHECK ("meal_transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "meal_ledger" ALTER COLUMN "from_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_ledger" ALTER COLUMN "to_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "outing_id" uuid;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "part_no" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "bill_amount" integer;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "pay_with" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "apply_policy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "slack_channel" text;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "slack_ts" text;--> statement-breakpoint
ALTER TABLE "meal_company_shares" ADD CONSTRAINT "meal_company_shares_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_company_shares" ADD CONSTRAINT "meal_company_shares_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_company_shares" ADD CONSTRAINT "meal_company_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_company_shares" ADD CONSTRAINT "meal_company_shares_team_id_meal_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."meal_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_profiles" ADD CONSTRAINT "meal_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_receipts" ADD CONSTRAINT "meal_receipts_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_receipts" ADD CONSTRAINT "meal_receipts_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_receipts" ADD CONSTRAINT "meal_receipts_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_settings" ADD CONSTRAINT "meal_settings_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_settings" ADD CONSTRAINT "meal_settings_company_card_holder_id_users_id_fk" FOREIGN KEY ("company_card_holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_team_members" ADD CONSTRAINT "meal_team_members_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_team_members" ADD CONSTRAINT "meal_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_team_members" ADD CONSTRAINT "meal_team_members_team_id_meal_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."meal_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_teams" ADD CONSTRAINT "meal_teams_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_transfers" ADD CONSTRAINT "meal_transfers_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_transfers" ADD CONSTRAINT "meal_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_transfers" ADD CONSTRAINT "meal_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_transfers" ADD CONSTRAINT "meal_transfers_confirmed_by_id_users_id_fk" FOREIGN KEY ("confirmed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_transfers" ADD CONSTRAINT "meal_transfers_ledger_id_meal_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."meal_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_company_shares_seed_idx" ON "meal_company_shares" USING btree ("seed_id","month");--> statement-breakpoint
CREATE INDEX "meal_company_shares_team_idx" ON "meal_company_shares" USING btree ("team_id","month");--> statement-breakpoint
CREATE INDEX "meal_receipts_meal_idx" ON "meal_receipts" USING btree ("meal_id");--> statement-breakpoint
CREATE INDEX "meal_team_members_team_idx" ON "meal_team_members" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_teams_seed_name_idx" ON "meal_teams" USING btree ("seed_id","name");--> statement-breakpoint
CREATE INDEX "meal_transfers_seed_idx" ON "meal_transfers" USING btree ("seed_id","status");--> statement-breakpoint
CREATE INDEX "meals_outing_idx" ON "meals" USING btree ("outing_id","part_no");--> statement-breakpoint
ALTER TABLE "meal_ledger" ADD CONSTRAINT "meal_ledger_party_check" CHECK ("meal_ledger"."from_user_id" is not null or "meal_ledger"."to_user_id" is not null);--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_pay_with_check" CHECK ("meals"."pay_with" in ('member', 'company_card'));--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_bill_amount_check" CHECK ("meals"."bill_amount" is null or "meals"."bill_amount" >= 0);