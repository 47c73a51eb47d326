CREATE TABLE "pending_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tool" text NOT NULL,
	"user_id" uuid,
	"period_key" text,
	"day" text,
	"allowance_chars" bigint DEFAULT 0 NOT NULL,
	"credit_chars" bigint DEFAULT 0 NOT NULL,
	"anon_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_rejections" (
	"day" text NOT NULL,
	"tool" text NOT NULL,
	"reason" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid,
	"count" integer DEFAULT 0 NOT NULL,
	"characters" bigint DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_rejections_day_tool_reason_subject_pk" PRIMARY KEY("day","tool","reason","subject")
);
--> statement-breakpoint
ALTER TABLE "pending_charges" ADD CONSTRAINT "pending_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_rejections" ADD CONSTRAINT "usage_rejections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_charges_created_idx" ON "pending_charges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "usage_rejections_user_idx" ON "usage_rejections" USING btree ("user_id","last_at");--> statement-breakpoint
-- vt_charge() and, when it succeeds, the pending marker of the charge, in one statement: a process killed after
-- this statement leaves a marker for the sweep to refund, never a charge that nothing will give back.
CREATE OR REPLACE FUNCTION vt_charge_pending(
  p_pending uuid, p_tool text, p_user uuid, p_period text, p_chars bigint, p_limit bigint, p_day text, p_det_limit integer
) RETURNS TABLE(ok boolean, reason text, from_allowance bigint, from_credits bigint, used bigint, credits bigint, detections bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT * INTO r FROM vt_charge(p_user, p_period, p_chars, p_limit, p_day, p_det_limit);
  IF r.ok THEN
    INSERT INTO pending_charges (id, tool, user_id, period_key, day, allowance_chars, credit_chars)
    VALUES (p_pending, p_tool, p_user, p_period, p_day, r.from_allowance, r.from_credits);
  END IF;
  RETURN QUERY SELECT r.ok, r.reason, r.from_allowance, r.from_credits, r.used, r.credits, r.detections;
END
$$;
--> statement-breakpoint
-- A visitor's allowance: one unit of every key (the cookie's, the address's) or none, each within its limit over a
-- fixed window of p_secs, plus the pending marker of the units taken. Rows are locked in the order given (the caller
-- always passes the cookie key first), so two requests never wait on each other in a cycle. When a key is exhausted,
-- retry_after is the seconds until its window ends.
CREATE OR REPLACE FUNCTION vt_take_allowance(p_keys text[], p_limits integer[], p_secs integer, p_pending uuid, p_tool text)
RETURNS TABLE(ok boolean, counts integer[], retry_after integer)
LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  v_count integer;
  v_start timestamptz;
  v_counts integer[] := '{}';
  v_starts timestamptz[] := '{}';
  v_window interval := make_interval(secs => p_secs);
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
    INSERT INTO rate_limits AS rl (key, window_start, count) VALUES (p_keys[i], now(), 0) ON CONFLICT (key) DO NOTHING;
    SELECT rl.count, rl.window_start INTO v_count, v_start FROM rate_limits rl WHERE rl.key = p_keys[i] FOR UPDATE;
    IF v_start <= now() - v_window THEN
      v_count := 0;
      v_start := now();
    END IF;
    IF v_count >= p_limits[i] THEN
      RETURN QUERY SELECT false, NULL::integer[], greatest(ceil(extract(epoch FROM v_start + v_window - now())), 1)::integer;
      RETURN;
    END IF;
    v_counts := v_counts || (v_count + 1);
    v_starts := v_starts || v_start;
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
    UPDATE rate_limits rl SET count = v_counts[i], window_start = v_starts[i] WHERE rl.key = p_keys[i];
  END LOOP;
  IF p_pending IS NOT NULL THEN
    INSERT INTO pending_charges (id, tool, anon_keys) VALUES (p_pending, p_tool, p_keys);
  END IF;
  RETURN QUERY SELECT true, v_counts, 0;
END
$$;
--> statement-breakpoint
-- Give back what pending markers hold and delete them, in one statement: the markers p_ids, or (p_ids null) every
-- marker created before p_before. A marker is refunded by whoever deletes it, so each is refunded exactly once;
-- rows another transaction holds are skipped, not waited for. Counters are updated in vt_charge's lock order
-- (detections, characters, credits) so a refund and a charge of the same account cannot deadlock. A visitor's unit
-- is given back only while the window it was taken in lasts.
CREATE OR REPLACE FUNCTION vt_refund_pending(p_ids uuid[], p_before timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  p record;
  n integer := 0;
BEGIN
  FOR p IN
    DELETE FROM pending_charges pc USING (
      SELECT s.id FROM pending_charges s
      WHERE (p_ids IS NULL OR s.id = ANY(p_ids)) AND (p_before IS NULL OR s.created_at < p_before)
      ORDER BY s.id FOR UPDATE SKIP LOCKED
    ) picked
    WHERE pc.id = picked.id
    RETURNING pc.*
  LOOP
    IF p.user_id IS NOT NULL THEN
      IF p.day IS NOT NULL THEN
        UPDATE usage_counters c SET used = greatest(c.used - 1, 0) WHERE c.user_id = p.user_id AND c.kind = 'detections' AND c.period_key = p.day;
      END IF;
      IF p.allowance_chars > 0 THEN
        UPDATE usage_counters c SET used = greatest(c.used - p.allowance_chars, 0)
        WHERE c.user_id = p.user_id AND c.kind = 'characters' AND c.period_key = p.period_key;
      END IF;
      IF p.credit_chars > 0 THEN
        UPDATE credit_balances b SET balance = b.balance + p.credit_chars WHERE b.user_id = p.user_id AND b.kind = 'text';
      END IF;
    END IF;
    IF cardinality(p.anon_keys) > 0 THEN
      UPDATE rate_limits rl SET count = greatest(rl.count - 1, 0) WHERE rl.key = ANY(p.anon_keys) AND rl.window_start <= p.created_at;
    END IF;
    n := n + 1;
  END LOOP;
  RETURN n;
END
$$;
--> statement-breakpoint
-- The crash sweep: refund every marker older than p_before. Any instance may run it at any time; the transaction
-- advisory lock lets one sweep at a time do the work (the others return 0 at once) so sweeps never deadlock each other.
CREATE OR REPLACE FUNCTION vt_sweep_pending(p_before timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('vt_sweep_pending')) THEN
    RETURN 0;
  END IF;
  RETURN vt_refund_pending(NULL, p_before);
END
$$;
