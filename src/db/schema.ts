
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, uniqueIndex, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
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
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // "Alice" and "alice" would be indistinguishable to people: usernames are unique ignoring case.
  uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
]);

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
    /** auth | user | payment | security | system (SPEC §3). */
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

/** Tokens used by each language-model call, for cost tracking (the metering of issue 6 builds on it). */
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
 * Blog posts (SPEC §3). `content` is Markdown. Published posts are also added to the plagiarism
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
