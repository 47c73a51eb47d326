CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_provider_session_id_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_balances_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delta" bigint NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text,
	"kind" text NOT NULL,
	"item" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"provider_payment_intent" text,
	"receipt_url" text,
	"checkout_session_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"monthly_characters" bigint NOT NULL,
	"word_limit" integer NOT NULL,
	"daily_detections" integer,
	"description" text DEFAULT '' NOT NULL,
	"highlights" text[] DEFAULT '{}'::text[] NOT NULL,
	"rank" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider_ref" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"monthly_characters" bigint NOT NULL,
	"word_limit" integer NOT NULL,
	"daily_detections" integer,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"scheduled_plan" text,
	"provider" text,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_user_id_kind_period_key_pk" PRIMARY KEY("user_id","kind","period_key")
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"anon_id" text,
	"tool" text NOT NULL,
	"characters" integer NOT NULL,
	"status" text NOT NULL,
	"latency_ms" integer,
	"engine" text,
	"charged_allowance" integer DEFAULT 0 NOT NULL,
	"charged_credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_idx" ON "checkout_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_source_kind_idx" ON "credit_ledger" USING btree ("source","kind");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_intent_idx" ON "payments" USING btree ("provider_payment_intent");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("provider_customer_id");--> statement-breakpoint
CREATE INDEX "usage_events_user_created_idx" ON "usage_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_events_created_idx" ON "usage_events" USING btree ("created_at");--> statement-breakpoint
-- Check and charge a tool request in one statement, so concurrent requests cannot overspend:
-- the daily detection counter (when p_day is given), then the period's character allowance, then
-- pack credits for what the allowance no longer covers. Rows are locked in that order; nothing is
-- written unless every check passes.
CREATE OR REPLACE FUNCTION vt_charge(
  p_user uuid, p_period text, p_chars bigint, p_limit bigint, p_day text, p_det_limit integer
) RETURNS TABLE(ok boolean, reason text, from_allowance bigint, from_credits bigint, used bigint, credits bigint, detections bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_det bigint := 0;
  v_used bigint;
  v_take bigint;
  v_need bigint;
  v_bal bigint := 0;
BEGIN
  IF p_day IS NOT NULL THEN
    INSERT INTO usage_counters AS c (user_id, kind, period_key, used) VALUES (p_user, 'detections', p_day, 0) ON CONFLICT DO NOTHING;
    SELECT c.used INTO v_det FROM usage_counters c WHERE c.user_id = p_user AND c.kind = 'detections' AND c.period_key = p_day FOR UPDATE;
    IF p_det_limit IS NOT NULL AND v_det + 1 > p_det_limit THEN
      RETURN QUERY SELECT false, 'detections'::text, 0::bigint, 0::bigint, 0::bigint, 0::bigint, v_det;
      RETURN;
    END IF;
  END IF;
  INSERT INTO usage_counters AS c (user_id, kind, period_key, used) VALUES (p_user, 'characters', p_period, 0) ON CONFLICT DO NOTHING;
  SELECT c.used INTO v_used FROM usage_counters c WHERE c.user_id = p_user AND c.kind = 'characters' AND c.period_key = p_period FOR UPDATE;
  v_take := least(p_chars, greatest(p_limit - v_used, 0));
  v_need := p_chars - v_take;
  SELECT b.balance INTO v_bal FROM credit_balances b WHERE b.user_id = p_user AND b.kind = 'text' FOR UPDATE;
  v_bal := coalesce(v_bal, 0);
  IF v_need > v_bal THEN
    RETURN QUERY SELECT false, 'characters'::text, 0::bigint, 0::bigint, v_used, v_bal, v_det;
    RETURN;
  END IF;
  IF v_need > 0 THEN
    UPDATE credit_balances b SET balance = b.balance - v_need WHERE b.user_id = p_user AND b.kind = 'text';
  END IF;
  UPDATE usage_counters c SET used = c.used + v_take WHERE c.user_id = p_user AND c.kind = 'characters' AND c.period_key = p_period;
  IF p_day IS NOT NULL THEN
    UPDATE usage_counters c SET used = c.used + 1 WHERE c.user_id = p_user AND c.kind = 'detections' AND c.period_key = p_day;
    v_det := v_det + 1;
  END IF;
  RETURN QUERY SELECT true, NULL::text, v_take, v_need, v_used + v_take, v_bal - v_need, v_det;
END
$$;
