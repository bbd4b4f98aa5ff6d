ALTER TABLE "billing_invoices" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "seller" jsonb;