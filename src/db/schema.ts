import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, uniqueIndex, integer, jsonb, pgTable, real, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    /** Stored lower-cased so uniqueness is case-insensitive. */
    email: text('email').notNull().unique(),
    /** Null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('free'),
    emailVerified: boolean('email_verified').notNull().default(false),
    googleSub: text('google_sub').unique(),
    /** Opt-in (institutional-repository model): checked texts are added to the plagiarism reference library. */
    shareSubmissions: boolean('share_submissions').notNull().default(false),
    /** Opt-in: while on, each check is kept in scan_history (off by default). */
    historyEnabled: boolean('history_enabled').notNull().default(false),
    /** Set while staff have suspended the account: it cannot log in and its sessions stop working. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "Alice" and "alice" would be indistinguishable to people: usernames are unique ignoring case.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the cookie token: a database leak does not leak usable sessions. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

/** Every e-mail the server sends. Without SMTP this table is the delivery target (see the dev mailbox). */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** 'outbox' = kept here only; 'sent' = delivered over SMTP; 'failed' = SMTP refused it. */
  status: text('status').notNull(),
  error: text('error'),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every server instance (login throttling, anonymous limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Instance-wide settings such as the generated cookie secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    action: text('action').notNull(),
    /** auth | user | payment | security | system: the Audit Logs page's categories. */
    category: text('category').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/**
 * The plagiarism checker's reference library (docs/plagiarism.md). `text` is exactly what was indexed,
 * so passage offsets refer to it. `reference` is a link or citation; (origin, reference) is unique so
 * imports are idempotent.
 */
export const referenceDocuments = pgTable(
  'reference_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    reference: text('reference').notNull(),
    licence: text('licence').notNull().default(''),
    /** 'starter' | 'staff' | 'blog' | 'user' */
    origin: text('origin').notNull(),
    text: text('text').notNull(),
    wordCount: integer('word_count').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reference_documents_origin_reference_idx').on(t.origin, t.reference), index('reference_documents_created_idx').on(t.createdAt)],
);

/** Winnowed word k-gram fingerprints of the reference documents. */
export const plagiarismFingerprints = pgTable(
  'plagiarism_fingerprints',
  {
    hash: bigint('hash', { mode: 'number' }).notNull(),
    docId: uuid('doc_id')
      .notNull()
      .references(() => referenceDocuments.id, { onDelete: 'cascade' }),
    pos: integer('pos').notNull(),
  },
  (t) => [index('plagiarism_fingerprints_hash_idx').on(t.hash), index('plagiarism_fingerprints_doc_idx').on(t.docId)],
);

/** MinHash LSH band keys (near-duplicate candidates). */
export const plagiarismBands = pgTable(
  'plagiarism_bands',
  {
    band: text('band').notNull(),
    docId: uuid('doc_id')
      .notNull()
      .references(() => referenceDocuments.id, { onDelete: 'cascade' }),
  },
  (t) => [index('plagiarism_bands_band_idx').on(t.band), index('plagiarism_bands_doc_idx').on(t.docId)],
);

/** One MinHash signature per indexed document. */
export const plagiarismMinhash = pgTable('plagiarism_minhash', {
  docId: uuid('doc_id')
    .primaryKey()
    .references(() => referenceDocuments.id, { onDelete: 'cascade' }),
  minhash: bigint('minhash', { mode: 'number' }).array().notNull(),
});

/** Tokens used by each language-model call, for cost tracking (usage metering reads it too). */
export const llmUsage = pgTable(
  'llm_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    anonId: text('anon_id'),
    tool: text('tool').notNull(),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    totalTokens: integer('total_tokens'),
    createdAt: createdAt(),
  },
  (t) => [index('llm_usage_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Blog posts. `content` is Markdown. Published posts are also added to the plagiarism
 * reference library (origin 'blog', reference = the post's link), so copying from the site is caught.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    featuredImage: text('featured_image'),
    /** 'draft' | 'published' */
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_posts_status_published_idx').on(t.status, t.publishedAt)],
);

// ---------- Plans, metering and payments ----------

/**
 * The plan catalogue, seeded from DEFAULT_PLANS at boot without overwriting staff edits. Limits
 * here apply to purchases from now on; an existing subscription keeps the terms it copied.
 */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Minor units per month. */
  price: integer('price').notNull(),
  currency: text('currency').notNull().default('usd'),
  monthlyCharacters: bigint('monthly_characters', { mode: 'number' }).notNull(),
  wordLimit: integer('word_limit').notNull(),
  /** Null = unlimited. */
  dailyDetections: integer('daily_detections'),
  description: text('description').notNull().default(''),
  highlights: text('highlights')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  rank: integer('rank').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** One row per account: its plan and the terms copied at purchase (a later plan edit does not change them). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    /** 'active' | 'past_due' | 'canceled' */
    status: text('status').notNull().default('active'),
    monthlyCharacters: bigint('monthly_characters', { mode: 'number' }).notNull(),
    wordLimit: integer('word_limit').notNull(),
    dailyDetections: integer('daily_detections'),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('usd'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade that takes effect at currentPeriodEnd. */
    scheduledPlan: text('scheduled_plan'),
    /** 'stripe' | 'test' | null (free, never paid) */
    provider: text('provider'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_customer_idx').on(t.providerCustomerId)],
);

/**
 * Per-period counters: kind 'characters' keyed by the period start (ISO), kind 'detections' keyed by
 * the UTC day. Raised only by vt_charge() (see the billing migration), which checks and charges in one statement.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    periodKey: text('period_key').notNull(),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.periodKey] })],
);

/** Add-on pack credits left, per kind ('text' characters, 'images', 'audio' minutes). */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Every grant or removal of pack credits; (source, kind) is unique so a fulfilment applies once. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    /** 'pack' | 'refund' | 'staff' */
    reason: text('reason').notNull(),
    /** e.g. 'payment:<id>' */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_ledger_source_kind_idx').on(t.source, t.kind), index('credit_ledger_user_idx').on(t.userId)],
);

/** One row per tool request: who, which tool, how much, how it ended and which engine answered. */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    anonId: text('anon_id'),
    tool: text('tool').notNull(),
    characters: integer('characters').notNull(),
    /** 'ok' | 'error' | 'rejected' */
    status: text('status').notNull(),
    latencyMs: integer('latency_ms'),
    engine: text('engine'),
    /** Characters taken from the monthly allowance and from pack credits. */
    chargedAllowance: integer('charged_allowance').notNull().default(0),
    chargedCredits: integer('charged_credits').notNull().default(0),
    /** The caller's plan when the request ran ('anonymous' for visitors), so usage by plan stays true after plan changes. */
    plan: text('plan'),
    /** The public-API key the request came with, if any. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('usage_events_user_created_idx').on(t.userId, t.createdAt),
    index('usage_events_created_idx').on(t.createdAt),
    index('usage_events_api_key_idx').on(t.apiKeyId, t.createdAt),
  ],
);

/** Checkout sessions of both providers: the test checkout page reads them; Stripe sessions map back through them. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'plan' | 'pack' */
    kind: text('kind').notNull(),
    /** Plan id or pack id. */
    item: text('item').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').unique(),
    /** 'open' | 'completed' | 'cancelled' */
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/**
 * Payments received. Kept when an account is deleted (accounting law), with the user link and
 * e-mail removed. providerRef is unique so a fulfilment or webhook applies once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    /** 'subscription' | 'pack' */
    kind: text('kind').notNull(),
    item: text('item').notNull(),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** 'paid' | 'refunded' | 'partially_refunded' | 'failed' */
    status: text('status').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    /** Stripe payment intent, to match charge.refunded events. */
    providerPaymentIntent: text('provider_payment_intent'),
    receiptUrl: text('receipt_url'),
    checkoutSessionId: uuid('checkout_session_id'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_idx').on(t.userId, t.createdAt), index('payments_intent_idx').on(t.providerPaymentIntent)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    providerRef: text('provider_ref').notNull().unique(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId)],
);

/** Webhook events already handled (Stripe retries and may deliver an event twice). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Footer newsletter, double opt-in: an address is mailed only after its owner opened the
 * confirmation link. Tokens are stored only as SHA-256 hashes; the raw ones live in the e-mails.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased so one person cannot subscribe twice under different capitalisation. */
    email: text('email').notNull().unique(),
    /** 'pending' | 'confirmed' | 'unsubscribed' */
    status: text('status').notNull().default('pending'),
    /** Null once used, so a confirmation link works only once. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
    /** The signed-in user who subscribed, if any; kept subscribed (by address) if the account goes. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [index('newsletter_subscribers_status_idx').on(t.status)],
);

/**
 * A pending e-mail change's undo link, sent to the old address. Single-use, valid for a week; only
 * the SHA-256 of the token is stored. Undoing restores `oldEmail` and ends every session.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_tokens_user_idx').on(t.userId)],
);

/**
 * A staff account's TOTP two-factor secret, AES-GCM encrypted with a key derived from the server
 * secret. Until `enabledAt` is set the enrolment is pending and login ignores it. `lastUsedStep`
 * is the 30-second step of the last accepted code, so a code cannot be replayed.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes for two-factor login, stored only as SHA-256 hashes. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * Refused tool requests, counted per UTC day, tool, reason and caller instead of one usage event each, so a client
 * hammering a refusal adds no rows. `subject` is the account id, or `ip:` and the keyed hash of a visitor's address
 * (a visitor without a cookie would otherwise be a new subject on every request).
 */
export const usageRejections = pgTable(
  'usage_rejections',
  {
    day: text('day').notNull(),
    tool: text('tool').notNull(),
    /** The refusal's error code, e.g. 'limit_reached', 'word_limit_exceeded', 'rate_limited'. */
    reason: text('reason').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
    characters: bigint('characters', { mode: 'number' }).notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.tool, t.reason, t.subject] }), index('usage_rejections_user_idx').on(t.userId, t.lastAt)],
);

/**
 * What a tool request was charged while its work runs: written in the same statement as the charge (vt_charge_pending,
 * vt_take_allowance), deleted with the usage event that records the result, or by the refund (vt_refund_pending).
 * A row that outlives the longest possible request belongs to a crashed instance and is refunded by the sweep.
 */
export const pendingCharges = pgTable(
  'pending_charges',
  {
    id: uuid('id').primaryKey(),
    tool: text('tool').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    periodKey: text('period_key'),
    /** UTC day of a charged detection. */
    day: text('day'),
    allowanceChars: bigint('allowance_chars', { mode: 'number' }).notNull().default(0),
    creditChars: bigint('credit_chars', { mode: 'number' }).notNull().default(0),
    /** rate_limits keys of a visitor's allowance units (cookie and address). */
    anonKeys: text('anon_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('pending_charges_created_idx').on(t.createdAt)],
);

// ---------- Administrator area ----------

/**
 * Keys of the public API. Only the SHA-256 of a key is stored; `prefix` (its first characters) identifies it in
 * lists. A revoked key stays listed so its usage history keeps a name.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Catalogue tool ids the key may call; null = every tool the owner's plan allows. */
    scopes: text('scopes').array(),
    /** After this instant the key is refused, as if revoked; null = never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/**
 * `Idempotency-Key` of a POST to /api/v1: the first request's answer is kept, and a retry with the same key and body
 * gets it again instead of running (and charging) twice. A row without a status is a request still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused (422). */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** A check kept while its user has history on: tool, input, result and date. Deleted after the retention period. */
export const scanHistory = pgTable(
  'scan_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** catalogue tool id */
    tool: text('tool').notNull(),
    input: text('input').notNull(),
    result: jsonb('result').notNull(),
    /** 'web' | 'api' | 'batch' */
    source: text('source').notNull().default('web'),
    createdAt: createdAt(),
  },
  (t) => [index('scan_history_user_idx').on(t.userId, t.createdAt), index('scan_history_created_idx').on(t.createdAt)],
);

/**
 * A detector or plagiarism result saved as a report (PDF on demand, optional share link). The share token is stored
 * only as a hash; revoking clears it.
 */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    title: text('title').notNull(),
    input: text('input').notNull(),
    result: jsonb('result').notNull(),
    engine: text('engine').notNull(),
    modelVersion: text('model_version'),
    shareTokenHash: text('share_token_hash').unique(),
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('saved_reports_user_idx').on(t.userId, t.createdAt)],
);

/** Many documents checked by one tool in the background; its items are the queue. */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    name: text('name'),
    /** 'queued' | 'running' | 'done' | 'cancelled' */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** 'web' | 'api' */
    source: text('source').notNull().default('web'),
    /** the API key a batch sent through /api/v1 came with: its documents' usage events carry it, as a tool call's do */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('batches_user_idx').on(t.userId, t.createdAt), index('batches_status_idx').on(t.status, t.createdAt)],
);

/**
 * One document of a batch. Workers claim items with FOR UPDATE SKIP LOCKED and a lease (`locked_until`): two
 * instances never hold the same item, and an item whose worker died is claimed again when its lease runs out.
 */
export const batchItems = pgTable(
  'batch_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    text: text('text').notNull(),
    words: integer('words').notNull().default(0),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    result: jsonb('result'),
    /** {code, message} once failed */
    error: jsonb('error'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** times this item's work was completed; a test and the bench assert it never exceeds 1 */
    completions: integer('completions').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('batch_items_batch_idx').on(t.batchId, t.position), index('batch_items_queue_idx').on(t.status, t.lockedUntil)],
);

/** A user's request to refund one payment. Staff approve it (refunded through the payment's provider) or refuse it. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** 'pending' | 'approved' | 'refused' */
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refund_requests_status_idx').on(t.status, t.createdAt),
    index('refund_requests_user_idx').on(t.userId),
    // One open request per payment.
    uniqueIndex('refund_requests_pending_idx')
      .on(t.paymentId)
      .where(sql`status = 'pending'`),
  ],
);

/** Support tickets: opened from the Contact page (by anyone) or from /account; staff reply in the thread. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    subject: text('subject').notNull(),
    /** 'open' | 'answered' | 'closed' */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_tickets_status_idx').on(t.status, t.updatedAt), index('support_tickets_user_idx').on(t.userId)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromStaff: boolean('from_staff').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * One row per AI detection: score, verdict, words and engine. `text` is kept only when the caller opted in to
 * sharing submissions; otherwise staff never see what was checked.
 */
export const detectionLogs = pgTable(
  'detection_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    anonId: text('anon_id'),
    score: doublePrecision('score').notNull(),
    verdict: text('verdict').notNull(),
    words: integer('words').notNull(),
    engine: text('engine').notNull(),
    text: text('text'),
    createdAt: createdAt(),
  },
  (t) => [index('detection_logs_created_idx').on(t.createdAt), index('detection_logs_user_idx').on(t.userId, t.createdAt)],
);

/** A user's report that a result is wrong ("this is my own writing"): the detector's feedback loop, reviewed by staff. */
export const resultReports = pgTable(
  'result_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    detectionId: uuid('detection_id').references(() => detectionLogs.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    tool: text('tool').notNull(),
    /** What the user says the right answer is, e.g. 'human'. */
    expected: text('expected').notNull(),
    comment: text('comment').notNull().default(''),
    /** Copied from the detection so the report survives the log's deletion. */
    score: doublePrecision('score'),
    verdict: text('verdict'),
    /** Only when the user chose to attach the text. */
    text: text('text'),
    /** 'open' | 'upheld' | 'dismissed' */
    status: text('status').notNull().default('open'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
  },
  (t) => [index('result_reports_status_idx').on(t.status, t.createdAt)],
);

/** Staff roles defined by administrators, beside the built-in ones; `permissions` are names from src/shared/permissions.ts. */
export const customRoles = pgTable('custom_roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------- Background jobs ----------

/**
 * Long tool work that goes on after its request returned (speech to text on long recordings): the page polls the
 * job by id and can be left and reopened. The job runs on the instance that accepted it and writes its progress
 * and heartbeat here, so any instance can answer the poll; a job whose heartbeat stopped (its instance died) is
 * failed by the sweep, and its held charge is refunded by the pending-charge sweep.
 */
export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** catalogue tool id, e.g. 'speech_to_text' */
    tool: text('tool').notNull(),
    /** 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('running'),
    /** 0..1 */
    progress: real('progress').notNull().default(0),
    /** what the page shows beside the bar, e.g. "Transcribing minute 3 of 12" */
    stage: text('stage'),
    /** the tool's answer once done */
    result: jsonb('result'),
    /** {code, message} once failed */
    error: jsonb('error'),
    /** the held charge (pending_charges.id) this job settles or refunds */
    pendingId: uuid('pending_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('media_jobs_user_idx').on(t.userId, t.createdAt), index('media_jobs_running_idx').on(t.status, t.heartbeatAt)],
);

// ---------- Notifications ----------

/**
 * Web push subscriptions (the browser's PushSubscription): one row per browser, keyed by its endpoint. Deleted when
 * the user turns notifications off, when the push service answers 404/410 (the browser dropped it), or with the user.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** the browser's P-256 public key and auth secret, base64url, used to encrypt each message (RFC 8291) */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Push tokens of the native app (FCM on Android, APNs on iOS), registered by the app. Kept for the operator's sender:
 * sending to FCM/APNs needs the operator's credentials, which this server does not hold.
 */
export const nativePushTokens = pgTable(
  'native_push_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    /** 'android' | 'ios' | 'web' */
    platform: text('platform').notNull(),
    /** when the app says it registered the token */
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('native_push_tokens_user_idx').on(t.userId)],
);
