CREATE TABLE "room_booking_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"room_id" uuid,
	"max_minutes" integer,
	"max_days_ahead" integer,
	"max_hours_per_week" integer,
	"who_may_book" text,
	"allowed_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"abandon_after" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_booking_rules_who_check" CHECK ("room_booking_rules"."who_may_book" is null or "room_booking_rules"."who_may_book" in ('everyone', 'members', 'admins'))
);
--> statement-breakpoint
CREATE TABLE "room_team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "room_team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"name" text NOT NULL,
	"room_id" uuid,
	"max_hours_per_week" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_booking_rules" ADD CONSTRAINT "room_booking_rules_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_booking_rules" ADD CONSTRAINT "room_booking_rules_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_team_members" ADD CONSTRAINT "room_team_members_team_id_room_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."room_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_team_members" ADD CONSTRAINT "room_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_teams" ADD CONSTRAINT "room_teams_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_teams" ADD CONSTRAINT "room_teams_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_booking_rules_seed_key" ON "room_booking_rules" USING btree ("seed_id") WHERE room_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "room_booking_rules_room_key" ON "room_booking_rules" USING btree ("room_id") WHERE room_id is not null;--> statement-breakpoint
CREATE INDEX "room_team_members_user_idx" ON "room_team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_teams_seed_name_key" ON "room_teams" USING btree ("seed_id","name");