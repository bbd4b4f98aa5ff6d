CREATE TABLE "api_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"name" text NOT NULL,
	"engine" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"database" text NOT NULL,
	"username" text NOT NULL,
	"password_enc" text NOT NULL,
	"tls" boolean DEFAULT false NOT NULL,
	"statement_timeout_ms" integer DEFAULT 5000 NOT NULL,
	"row_cap" integer DEFAULT 1000 NOT NULL,
	"can_write" boolean DEFAULT false NOT NULL,
	"schema_info" jsonb DEFAULT '{"tables":[]}'::jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"tables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cache_mode" text DEFAULT 'ttl' NOT NULL,
	"cache_ttl_seconds" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_key_usage_daily" (
	"key_id" uuid NOT NULL,
	"api_id" uuid NOT NULL,
	"day" date NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"cache_hits" bigint DEFAULT 0 NOT NULL,
	"cache_misses" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_usage_daily_key_id_day_pk" PRIMARY KEY("key_id","day")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"api_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"methods" text[],
	"tables" text[],
	"rate_limit_per_minute" integer DEFAULT 600 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_connections" ADD CONSTRAINT "api_connections_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_connections" ADD CONSTRAINT "api_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_definitions" ADD CONSTRAINT "api_definitions_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_definitions" ADD CONSTRAINT "api_definitions_connection_id_api_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."api_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_usage_daily" ADD CONSTRAINT "api_key_usage_daily_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_api_id_api_definitions_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."api_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_connections_seed_idx" ON "api_connections" USING btree ("seed_id");--> statement-breakpoint
CREATE INDEX "api_definitions_seed_idx" ON "api_definitions" USING btree ("seed_id");--> statement-breakpoint
CREATE INDEX "api_definitions_connection_idx" ON "api_definitions" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "api_key_usage_api_idx" ON "api_key_usage_daily" USING btree ("api_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_api_idx" ON "api_keys" USING btree ("api_id");