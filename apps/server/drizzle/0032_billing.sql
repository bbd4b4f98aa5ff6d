CREATE TABLE "billing_businesses" (
	"seed_id" uuid PRIMARY KEY NOT NULL,
	"business_number" text NOT NULL,
	"name" text NOT NULL,
	"ceo" text NOT NULL,
	"business_type" text NOT NULL,
	"business_item" text NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"tax_type" text,
	"nts_checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"seed_id" uuid NOT NULL,
	"meter" text NOT NULL,
	"quantity" bigint DEFAULT 1 NOT NULL,
	"period" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supply" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"method" text,
	"order_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"charging_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"receipt_url" text,
	"virtual_account" jsonb,
	"deposit_secret_sealed" text,
	"cash_receipt" jsonb,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_payment_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"seed_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"amount" bigint NOT NULL,
	"outcome" text NOT NULL,
	"code" text,
	"message" text,
	"payment_key" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"seed_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_key" text NOT NULL,
	"billing_key_sealed" text,
	"card_company" text,
	"card_number" text,
	"card_type" text,
	"owner_type" text,
	"card_expires_on" text,
	"registered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"seed_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"interval" text DEFAULT 'month' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"next_plan_id" text,
	"next_interval" text,
	"status" text DEFAULT 'active' NOT NULL,
	"past_due_since" timestamp with time zone,
	"grace_ends_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_id" uuid NOT NULL,
	"month" text NOT NULL,
	"kind" text DEFAULT 'normal' NOT NULL,
	"original_id" uuid,
	"mgt_key" text NOT NULL,
	"invoice_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supply" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"state_code" integer,
	"nts_confirm_num" text,
	"nts_result" text,
	"error" text,
	"issued_at" timestamp with time zone,
	"state_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_usage" (
	"seed_id" uuid NOT NULL,
	"period" text NOT NULL,
	"meter" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_usage_seed_id_period_meter_pk" PRIMARY KEY("seed_id","period","meter")
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"event_type" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_businesses" ADD CONSTRAINT "billing_businesses_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_attempts" ADD CONSTRAINT "billing_payment_attempts_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_seed_id_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_events_seed_period_idx" ON "billing_events" USING btree ("seed_id","period","meter");--> statement-breakpoint
CREATE INDEX "billing_events_created_idx" ON "billing_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_key" ON "billing_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_order_id_key" ON "billing_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_period_key" ON "billing_invoices" USING btree ("seed_id","period_start") WHERE kind = 'period';--> statement-breakpoint
CREATE INDEX "billing_invoices_seed_idx" ON "billing_invoices" USING btree ("seed_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_invoices_due_idx" ON "billing_invoices" USING btree ("next_attempt_at") WHERE status in ('open', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_attempts_invoice_attempt_key" ON "billing_payment_attempts" USING btree ("invoice_id","attempt");--> statement-breakpoint
CREATE INDEX "billing_payment_attempts_at_idx" ON "billing_payment_attempts" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_customer_key" ON "billing_payment_methods" USING btree ("customer_key");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_tax_invoices_mgt_key" ON "billing_tax_invoices" USING btree ("mgt_key");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_tax_invoices_month_key" ON "billing_tax_invoices" USING btree ("seed_id","month") WHERE kind = 'normal';--> statement-breakpoint
CREATE INDEX "billing_webhook_events_received_idx" ON "billing_webhook_events" USING btree ("received_at");