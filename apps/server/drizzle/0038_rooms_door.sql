CREATE TABLE "room_check_in_codes" (
	"room_id" uuid PRIMARY KEY NOT NULL,
	"seed_id" uuid NOT NULL,
	"code" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_displays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_minutes_items" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"seed_id" uuid NOT NULL,
	"decisions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"minutes_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_bookings" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD COLUMN "release_reason" text;--> statement-breakpoint
ALTER TABLE "room_check_in_codes" ADD CONSTRAINT "room_check_in_codes_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_check_in_codes" ADD CONSTRAINT "room_check_in_codes_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_displays" ADD CONSTRAINT "room_displays_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_displays" ADD CONSTRAINT "room_displays_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_displays" ADD CONSTRAINT "room_displays_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_minutes_items" ADD CONSTRAINT "room_minutes_items_booking_id_room_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."room_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_minutes_items" ADD CONSTRAINT "room_minutes_items_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_displays_token_hash_key" ON "room_displays" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "room_displays_seed_idx" ON "room_displays" USING btree ("seed_id");