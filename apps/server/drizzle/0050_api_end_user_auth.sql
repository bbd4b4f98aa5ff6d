CREATE TABLE "api_end_user_auth" (
	"api_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"mode" text DEFAULT 'jwks' NOT NULL,
	"jwks_url" text,
	"secret_enc" text,
	"audience" text,
	"issuer" text,
	"role_claim" text DEFAULT '.role' NOT NULL,
	"allowed_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"anon_role" text,
	"row_filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_end_user_auth" ADD CONSTRAINT "api_end_user_auth_api_id_api_definitions_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."api_definitions"("id") ON DELETE cascade ON UPDATE no action;