import { isIP } from 'node:net';
import { z } from 'zod';

// Every setting the server reads, validated once at boot. `.env.example` mirrors this list.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Time a client has to send a whole request, headers and body (uploads included); a client that trickles its body
     * is cut off with 408. It does not limit how long an answer (e.g. a streamed writing tool) takes.
     */
    REQUEST_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(100).max(600_000).default(30_000)),
    /** Accounts one client address may create per hour (0: no limit), so one client cannot mint accounts to reset allowances. */
    SIGNUPS_PER_ADDRESS_PER_HOUR: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(100_000).default(10)),
    /**
     * Requests a minute one API key may send to /api/v1, for every plan; empty: the plan's figure
     * (API_REQUESTS_PER_MINUTE in src/shared/api/public-api.ts: Pro 60, Agency 300).
     */
    API_RATE_LIMIT_PER_MINUTE: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Public origin of the site, e.g. https://veritext.example.org. Used for e-mail links, OAuth and CSRF checks. */
    APP_ORIGIN: optionalString.pipe(z.url({ message: 'APP_ORIGIN must be a URL such as https://example.org' }).optional()),
    /** Which proxies in front of the server may set X-Forwarded-For: a hop count or a list of addresses (see trustProxySetting). */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => trustProxySetting(v, (message) => ctx.addIssue({ code: 'custom', message }))),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    /** Secret for signed cookies. When unset, one is generated once and kept in the database. */
    COOKIE_SECRET: optionalString.pipe(z.string().min(32, 'COOKIE_SECRET must be at least 32 characters').optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Veritext <no-reply@localhost>'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    /** OpenID Connect issuer; only changed for tests or a Google-compatible provider. */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    /** Optional external AI-detection providers; the offline engine is the default and the fallback. */
    GPTZERO_API_KEY: optionalString,
    GPTZERO_API_URL: z.url().default('https://api.gptzero.me'),
    SAPLING_API_KEY: optionalString,
    SAPLING_API_URL: z.url().default('https://api.sapling.ai'),
    DETECTION_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
    /**
     * Optional neural scorer for the detector: base URL of an OpenAI-compatible completions server that returns prompt
     * log-probabilities (vLLM: `vllm serve <model>`), e.g. http://gpu:8000/v1. Used when no commercial provider answered.
     */
    DETECTOR_SCORER_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, message: 'DETECTOR_SCORER_URL must be an http(s) URL such as http://localhost:8000/v1' }).optional(),
    ),
    DETECTOR_SCORER_MODEL: optionalString,
    DETECTOR_SCORER_API_KEY: optionalString,
    /** Top-k log-probabilities asked for per token (vLLM's default --max-logprobs is 20). */
    DETECTOR_SCORER_TOP_K: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100).default(10)),
    DETECTOR_SCORER_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(100).max(120_000).default(10_000)),
    /** OpenAI-compatible chat-completions provider (OpenAI, Ollama, llama.cpp server, vLLM) for the writing tools. */
    LLM_BASE_URL: optionalString.pipe(z.url({ message: 'LLM_BASE_URL must be a URL such as http://localhost:11434/v1' }).optional()),
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    /**
     * Optional OpenAI-compatible text-to-speech server (`POST {TTS_BASE_URL}/audio/speech`: OpenAI, or Kokoro / Piper
     * behind that API), e.g. https://api.openai.com/v1. Without it the offline Flite voices answer.
     */
    TTS_BASE_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, message: 'TTS_BASE_URL must be an http(s) URL such as https://api.openai.com/v1' }).optional(),
    ),
    TTS_API_KEY: optionalString,
    /** The provider's model name (default tts-1). */
    TTS_MODEL: optionalString,
    /** Time one provider call (a paragraph or so of speech) may take. */
    TTS_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1000).max(300_000).default(60_000)),
    /**
     * Optional OpenAI-compatible speech-to-text server (`POST {STT_BASE_URL}/audio/transcriptions`: OpenAI Whisper, or a
     * self-hosted whisper server), e.g. https://api.openai.com/v1. Without it the offline recogniser (PocketSphinx) answers.
     */
    STT_BASE_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, message: 'STT_BASE_URL must be an http(s) URL such as https://api.openai.com/v1' }).optional(),
    ),
    STT_API_KEY: optionalString,
    /** The provider's model name (default whisper-1). */
    STT_MODEL: optionalString,
    /** Time one provider call (a piece of at most 5 minutes of audio) may take. */
    STT_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1000).max(600_000).default(120_000)),
    /**
     * Optional OpenAI-compatible chat server that reads images (`POST {VISION_BASE_URL}/chat/completions` with an
     * `image_url` part: OpenAI, or Ollama with a vision model), for the image caption generator's captions and
     * alt-text. Without it the offline models (Human + Tesseract) caption.
     */
    VISION_BASE_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, message: 'VISION_BASE_URL must be an http(s) URL such as https://api.openai.com/v1' }).optional(),
    ),
    VISION_API_KEY: optionalString,
    /** The provider's vision model, e.g. gpt-4o-mini, or llava / qwen2.5vl with Ollama. */
    VISION_MODEL: optionalString,
    /** Time one caption request to the provider may take. */
    VISION_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1000).max(300_000).default(60_000)),
    /**
     * Optional commercial deepfake / AI-image detectors, asked beside the offline findings (their score is shown
     * labelled, never merged into the verdict): Hive (HIVE_API_KEY, a project's API token) or Sightengine
     * (SIGHTENGINE_API_USER + SIGHTENGINE_API_SECRET, the `genai` model). Hive is asked when both are set.
     */
    HIVE_API_KEY: optionalString,
    HIVE_API_URL: z.url({ protocol: /^https?$/, message: 'HIVE_API_URL must be an http(s) URL' }).default('https://api.thehive.ai'),
    SIGHTENGINE_API_USER: optionalString,
    SIGHTENGINE_API_SECRET: optionalString,
    SIGHTENGINE_API_URL: z.url({ protocol: /^https?$/, message: 'SIGHTENGINE_API_URL must be an http(s) URL' }).default('https://api.sightengine.com'),
    /** Time one detector call may take (the image upload included). */
    DEEPFAKE_PROVIDER_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1000).max(120_000).default(20_000)),
    /** Stripe payments. Without STRIPE_SECRET_KEY the offline test provider (TEST MODE checkout) is used. */
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_/, 'STRIPE_SECRET_KEY must start with sk_test_, sk_live_, rk_test_ or rk_live_')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_')
        .optional(),
    ),
    /** Another Stripe API address (stripe-mock, tests); leave empty for api.stripe.com. */
    STRIPE_API_URL: optionalString.pipe(z.url({ message: 'STRIPE_API_URL must be a URL such as http://localhost:12111' }).optional()),
    /**
     * The offline test checkout (no real payment). On by default outside production; in production it
     * must be switched on explicitly, since anyone could then take a paid plan without paying.
     */
    BILLING_TEST_MODE: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
    /** Development seed of one demo user per role; never runs in production. */
    SEED_DEMO_USERS: bool,
    /**
     * Load the grammar checker (harper, about 0.4 GB and a few seconds) in the background right after the server
     * starts (default true), so the first grammar check or humanize is not answered unchecked while it loads.
     */
    GRAMMAR_PRELOAD: z
      .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
      .optional()
      .transform((v) => v === undefined || v === '' || v === 'true' || v === '1' || v === 'yes'),
    /**
     * Harper workers a long text is split across for the grammar check (about 0.4 GB each). Empty: one per CPU core,
     * at most 2. 1 saves memory on small machines; more helps only with spare cores.
     */
    GRAMMAR_HARPER_WORKERS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(4).optional()),
    /**
     * Web search for the plagiarism checker, beside the reference library: a self-hosted SearXNG instance with its
     * JSON API enabled (`search.formats: [html, json]` in its settings.yml), e.g. http://localhost:8888.
     */
    SEARXNG_URL: optionalString.pipe(z.url({ protocol: /^https?$/, message: 'SEARXNG_URL must be an http(s) URL such as http://localhost:8888' }).optional()),
    /** Brave Search API key (https://api.search.brave.com), the other web search provider. */
    BRAVE_SEARCH_API_KEY: optionalString,
    /** Another Brave-compatible search address (tests); leave empty for https://api.search.brave.com/res/v1/web/search. */
    BRAVE_SEARCH_URL: optionalString.pipe(z.url({ protocol: /^https?$/, message: 'BRAVE_SEARCH_URL must be an http(s) URL' }).optional()),
    /** The time a plagiarism check may spend on the web (searching, then fetching the candidate pages). */
    WEB_SEARCH_TIMEOUT_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1000).max(120_000).default(20_000)),
    /**
     * The bundled public-domain reference library the plagiarism checker imports in the background at first start:
     * 'full' (default; 3,945 documents, also for true/1/yes), 'small' (357 documents, indexed in seconds) or false.
     */
    STARTER_LIBRARY: z
      .enum(['full', 'small', 'true', 'false', '1', '0', 'yes', 'no', ''], {
        message: 'STARTER_LIBRARY must be full, small or false',
      })
      .optional()
      .transform((v): 'full' | 'small' | false => (v === 'small' ? 'small' : v === 'false' || v === '0' || v === 'no' ? false : 'full')),
    /**
     * Web push is sent only to the browsers' own push services (Google, Mozilla, Microsoft, Apple). Extra origins
     * allowed as push endpoints, comma-separated (a self-hosted push service, or a local endpoint in tests).
     */
    PUSH_EXTRA_ORIGINS: optionalString.pipe(
      z
        .string()
        .optional()
        .transform((v) =>
          v
            ? v
                .split(',')
                .map((o) => o.trim())
                .filter(Boolean)
            : [],
        )
        .pipe(z.array(z.url({ protocol: /^https?$/, message: 'PUSH_EXTRA_ORIGINS must be http(s) origins, comma-separated' }))),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.LLM_BASE_URL) !== Boolean(env.LLM_MODEL)) {
      ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'set both LLM_BASE_URL and LLM_MODEL, or neither' });
    }
    if (Boolean(env.VISION_BASE_URL) !== Boolean(env.VISION_MODEL)) {
      ctx.addIssue({ code: 'custom', path: ['VISION_MODEL'], message: 'set both VISION_BASE_URL and VISION_MODEL, or neither' });
    }
    if (Boolean(env.SIGHTENGINE_API_USER) !== Boolean(env.SIGHTENGINE_API_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['SIGHTENGINE_API_SECRET'], message: 'set both SIGHTENGINE_API_USER and SIGHTENGINE_API_SECRET, or neither' });
    }
    if (Boolean(env.DETECTOR_SCORER_URL) !== Boolean(env.DETECTOR_SCORER_MODEL)) {
      ctx.addIssue({ code: 'custom', path: ['DETECTOR_SCORER_MODEL'], message: 'set both DETECTOR_SCORER_URL and DETECTOR_SCORER_MODEL, or neither' });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'set STRIPE_WEBHOOK_SECRET with STRIPE_SECRET_KEY (Stripe dashboard → Developers → Webhooks → signing secret)',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** No proxy (`false`), the number of proxies in front of the server, or the addresses/CIDRs of the trusted proxies. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_HINT =
  'write the number of proxies in front of the server (e.g. 1 for one load balancer), or their addresses as a comma-separated list of IPs or CIDRs (e.g. 10.0.0.0/8,192.0.2.7), or false for none';

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [ip, prefix, ...rest] = entry.split('/');
  const version = isIP(ip);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A /0 network is every address, which is "trust all" again.
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Parse TRUST_PROXY. "true" is refused: trusting every hop lets any client choose its own address by sending
 * X-Forwarded-For, which defeats every per-address limit. Only the named number of hops, or named proxies, are believed.
 */
export function trustProxySetting(raw: string | undefined, fail: (message: string) => void): TrustProxy {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
  if (v === 'true' || v === 'yes') {
    fail(`"${raw}" would trust any X-Forwarded-For a client sends; ${TRUST_PROXY_HINT}`);
    return false;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) fail(`${hops} proxies is not plausible; ${TRUST_PROXY_HINT}`);
    return hops;
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length > 0 || entries.length === 0) {
    fail(`cannot read ${bad.map((b) => `"${b}"`).join(', ') || `"${raw}"`}; ${TRUST_PROXY_HINT}`);
    return false;
  }
  return entries;
}

/**
 * Fastify's trustProxy for a setting. A hop count becomes a function, because Fastify treats a bare number as
 * "trust nothing": with N hops, the socket peer and the N-1 entries nearest it in X-Forwarded-For are proxies, so the
 * client is the Nth entry from the right; anything further left was written by the client and is ignored.
 */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

export class EnvError extends Error {}

/** Parse an environment; throws EnvError with one readable line per problem. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
  }
  return result.data;
}

/** Load .env (if present) into process.env without overriding what is already set. */
export function loadDotEnv(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Whether the offline test checkout may be used (no Stripe key, and not production unless asked for). */
export function billingTestMode(env: Env): boolean {
  const v = env.BILLING_TEST_MODE;
  if (v === undefined || v === '') return env.NODE_ENV !== 'production';
  return v === 'true' || v === '1' || v === 'yes';
}

export function publicOrigin(env: Env): string {
  return env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;
}
