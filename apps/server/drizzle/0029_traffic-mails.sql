CREATE TABLE "traffic_mails" (
	"bucket" timestamp with time zone NOT NULL,
	"seed_id" uuid,
	"mails" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_mails_key" UNIQUE NULLS NOT DISTINCT("bucket","seed_id")
);
