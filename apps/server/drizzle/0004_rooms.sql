CREATE TABLE "room_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agenda" text DEFAULT '' NOT NULL,
	"minutes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"series_id" uuid,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_bookings_range_check" CHECK ("room_bookings"."ends_at" > "room_bookings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "room_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seed_id" uuid NOT NULL,
	"booking_id" uuid,
	"room_id" uuid,
	"actor_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_feed_tokens" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_settings" (
	"seed_id" uuid PRIMARY KEY NOT NULL,
	"reminder_minutes" integer DEFAULT 10 NOT NULL,
	"auto_release" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"capacity" integer DEFAULT 4 NOT NULL,
	"equipment" text[] DEFAULT '{}'::text[] NOT NULL,
	"open_minute" smallint DEFAULT 480 NOT NULL,
	"close_minute" smallint DEFAULT 1320 NOT NULL,
	"weekdays" smallint[] DEFAULT '{1,2,3,4,5}'::smallint[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_events" ADD CONSTRAINT "room_events_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_events" ADD CONSTRAINT "room_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_feed_tokens" ADD CONSTRAINT "room_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_jobs" ADD CONSTRAINT "room_jobs_booking_id_room_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."room_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_settings" ADD CONSTRAINT "room_settings_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_bookings_seed_starts_idx" ON "room_bookings" USING btree ("seed_id","starts_at");--> statement-breakpoint
CREATE INDEX "room_bookings_room_starts_idx" ON "room_bookings" USING btree ("room_id","starts_at");--> statement-breakpoint
CREATE INDEX "room_bookings_organizer_idx" ON "room_bookings" USING btree ("organizer_id","starts_at");--> statement-breakpoint
CREATE INDEX "room_events_seed_idx" ON "room_events" USING btree ("seed_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_feed_tokens_hash_key" ON "room_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "room_jobs_due_idx" ON "room_jobs" USING btree ("run_at") WHERE status in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "room_jobs_booking_idx" ON "room_jobs" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_seed_name_key" ON "rooms" USING btree ("seed_id","name");--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_no_overlap" EXCLUDE USING gist ("room_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" NOT IN ('cancelled', 'released'));
