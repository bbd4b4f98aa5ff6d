CREATE TABLE "seed_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"host" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token" text NOT NULL,
	"error" text,
	"dkim_selector" text,
	"dkim_public_key" text,
	"dkim_private_key_sealed" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seed_domains" ADD CONSTRAINT "seed_domains_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seed_domains_seed_idx" ON "seed_domains" USING btree ("seed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seed_domains_seed_host_key" ON "seed_domains" USING btree ("seed_id","host","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "seed_domains_connected_host_key" ON "seed_domains" USING btree ("host") WHERE status = 'connected';--> statement-breakpoint
CREATE UNIQUE INDEX "seed_domains_token_key" ON "seed_domains" USING btree ("token");--> statement-breakpoint
CREATE INDEX "seed_domains_next_check_idx" ON "seed_domains" USING btree ("next_check_at");