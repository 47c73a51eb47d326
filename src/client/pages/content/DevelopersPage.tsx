import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Braces, FileJson, KeyRound } from 'lucide-react';
import { LoadError } from '@/client/components/LoadError';
import { Markdown } from '@/client/features/blog/Markdown';
import { Spinner } from '@/client/components/ui/spinner';
import { OPENAPI_URL, useOpenApiDocument } from '@/client/features/developers/api';
import { EndpointCard } from '@/client/features/developers/EndpointCard';
import { endpointId, endpointsByTag, LANGUAGES, type ApiDocument, type Language } from '@/client/features/developers/openapi-doc';
import { Container, PageHeader, usePageTitle } from './_parts';

const LANG_KEY = 'developersLanguage';

/** A real refusal of this API (a detector call without text), to show the one error shape. */
const ERROR_EXAMPLE = {
  error: { code: 'validation_failed', message: 'Please enter some text to analyze.', fields: { text: 'Please enter some text to analyze.' } },
  message: 'Please enter some text to analyze.',
};

function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANG_KEY);
    return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : 'curl';
  } catch {
    return 'curl';
  }
}

/**
 * /developers: the public API's documentation, drawn from its OpenAPI document (GET /api/v1/openapi.json), so what
 * it lists is exactly what this server serves: the guide (keys, authentication, rate limits, idempotency, errors),
 * then one card per endpoint with its fields, examples and answer.
 */
export default function DevelopersPage() {
  usePageTitle('API documentation');
  const q = useOpenApiDocument();
  const [lang, setLang] = useState<Language>(storedLanguage);
  const chooseLang = (l: Language) => {
    setLang(l);
    try {
      localStorage.setItem(LANG_KEY, l);
    } catch {
      // a browser without storage still switches for this visit
    }
  };

  return (
    <div className="bg-white">
      <PageHeader
        eyebrow="Developers"
        icon={Braces}
        title="Veritext API"
        intro={
          <p>
            Every tool of this server for your own programs: the same engines, plan limits and metering as the website, over HTTPS with an API key. The
            reference below is generated from the{' '}
            <a className="font-medium text-indigo-700 underline underline-offset-2" href={OPENAPI_URL}>
              OpenAPI 3.1 document
            </a>
            , which client generators can read as well.
          </p>
        }
      />
      <Container className="py-10 sm:py-14">
        {q.isPending ? (
          <div className="flex items-center gap-2 text-slate-600">
            <Spinner /> Loading the API reference…
          </div>
        ) : q.isError ? (
          <LoadError what="The API reference" error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <Reference doc={q.data} lang={lang} onLang={chooseLang} />
        )}
      </Container>
    </div>
  );
}

function Reference({ doc, lang, onLang }: { doc: ApiDocument; lang: Language; onLang: (l: Language) => void }) {
  const groups = endpointsByTag(doc);
  const base = doc.servers[0]?.url ?? window.location.origin;
  const rate = doc['x-rate-limits'];
  const idem = doc['x-idempotency'];
  const errors = Object.entries(doc.components.responses).sort(([a], [b]) => Number(a) - Number(b));
  return (
    <div className="grid gap-10 lg:grid-cols-[220px_minmax(0,1fr)]">
      {/* a phone gets the contents folded away, so the guide starts on the first screen */}
      <details className="rounded-lg border border-slate-200 px-4 py-3 lg:hidden">
        <summary className="cursor-pointer text-sm font-semibold text-slate-900">On this page</summary>
        <nav aria-label="API reference contents" className="mt-2">
          <Contents groups={groups} />
        </nav>
      </details>
      <nav aria-label="API reference" className="hidden lg:sticky lg:top-24 lg:block lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
        <Contents groups={groups} />
      </nav>

      <div className="min-w-0 space-y-12">
        <Section id="getting-a-key" title="Getting a key" icon={KeyRound}>
          <p>
            API keys come with the <Link to="/pricing">Pro and Agency plans</Link>. Create one under <Link to="/account">Account → API keys</Link>: give it a
            name, optionally limit it to some tools (scopes) and set an expiry. The key is shown once; keep it in an environment variable such as{' '}
            <code>VERITEXT_API_KEY</code>, never in code you share. Revoke it there when it is no longer needed.
          </p>
          <p>
            Calls through the API use the same allowances as the website: your plan’s monthly characters and daily detections, then any add-on credits.{' '}
            <code>GET /api/v1/me</code> says what is left. The base URL of this server is <code className="break-all">{base}</code>.
          </p>
        </Section>

        <Section id="authentication" title="Authentication">
          <p>
            Send the key in the <code>Authorization</code> header of every request: <code>Authorization: Bearer vt_live_…</code>. Only the <code>/api/v1</code>{' '}
            endpoints take a key, and they take nothing else: the website’s login cookie is not accepted there, and a key sent to the website’s own routes is
            refused with <code>use_api_v1</code>.
          </p>
        </Section>

        <Section id="rate-limits" title="Rate limits">
          <p>
            Each key may send{' '}
            {Object.entries(rate.perPlan)
              .map(([plan, n]) => `${n} requests per ${rate.windowSeconds === 60 ? 'minute' : `${rate.windowSeconds} seconds`} on ${planName(plan)}`)
              .join(' and ')}
            . Every answer carries the count:
          </p>
          <ul>
            <li>
              <code>X-RateLimit-Limit</code>: requests allowed in the window;
            </li>
            <li>
              <code>X-RateLimit-Remaining</code>: requests left in it;
            </li>
            <li>
              <code>X-RateLimit-Reset</code>: when it ends, in Unix seconds.
            </li>
          </ul>
          <p>
            Over the limit the answer is <code>429 rate_limited</code> with <code>Retry-After</code> (seconds to wait). The counts are kept by the server’s
            database, so they hold across all of its instances.
          </p>
        </Section>

        <Section id="idempotency" title="Retries and idempotency">
          <p>
            A <code>POST</code> with an <code>{idem.header}</code> header (any unique string up to 200 characters, e.g. a UUID) runs and is charged once. If the
            connection drops, send the same request with the same key again: within {idem.ttlHours} hours you get the stored answer (marked{' '}
            <code>Idempotent-Replayed: true</code>), not a second run. The same key with a different body is <code>422 idempotency_mismatch</code>; a retry
            while the first request still runs is <code>409 idempotency_in_progress</code>. Streamed answers cannot be replayed, so the header is refused with{' '}
            <code>Accept: text/event-stream</code>.
          </p>
        </Section>

        <Section id="streaming" title="Streaming">
          <p>
            Endpoints marked “can stream” answer <code>Accept: text/event-stream</code> with server-sent events: <code>delta</code> events with the output as it
            is written, then <code>done</code> with the same JSON body as the ordinary answer, or <code>error</code> with the error body.
          </p>
        </Section>

        <Section id="errors" title="Errors">
          <p>Every error has one shape, whatever the status; the code is stable, the message is for people:</p>
          <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-slate-950 p-4 text-[13px] text-slate-100">
            <code>{JSON.stringify(ERROR_EXAMPLE, null, 2)}</code>
          </pre>
          <p>
            <code>validation_failed</code> adds <code>error.fields</code>, the message for each invalid field (as above); the top-level <code>message</code>{' '}
            repeats <code>error.message</code> for older clients. Nothing is charged for a request that fails.
          </p>
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" data-testid="error-statuses">
            {errors.map(([status, r]) => (
              <div key={status} className="grid gap-1 px-3 py-2.5 sm:grid-cols-[4rem_minmax(0,1fr)]">
                <dt className="font-mono font-semibold text-slate-900">{status}</dt>
                <dd className="min-w-0">
                  <Markdown source={r.description} className="text-sm! text-slate-600" />
                </dd>
              </div>
            ))}
          </dl>
        </Section>

        {groups.map((g) => (
          <section key={g.tag} aria-labelledby={`tag-${g.tag}`} className="space-y-6">
            <div>
              <h2 id={`tag-${g.tag}`} className="text-2xl font-semibold tracking-tight text-slate-900">
                {g.tag}
              </h2>
              {g.description && <p className="mt-1 text-sm text-slate-600">{g.description}</p>}
            </div>
            {g.endpoints.map((e) => (
              <EndpointCard key={endpointId(e)} doc={doc} endpoint={e} base={base} lang={lang} onLang={onLang} />
            ))}
          </section>
        ))}

        <p className="flex items-center gap-2 text-sm text-slate-600">
          <FileJson className="h-4 w-4" aria-hidden="true" />
          <span>
            Machine-readable:{' '}
            <a href={OPENAPI_URL} className="font-medium text-indigo-700 underline underline-offset-2">
              {OPENAPI_URL}
            </a>{' '}
            (OpenAPI {doc.openapi}).
          </span>
        </p>
      </div>
    </div>
  );
}

function Contents({ groups }: { groups: ReturnType<typeof endpointsByTag> }) {
  return (
    <>
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Guide</h2>
      <ul className="mt-2 space-y-1 text-sm">
        {GUIDE.map(([id, label]) => (
          <li key={id}>
            <a href={`#${id}`} className="text-slate-700 hover:text-indigo-700">
              {label}
            </a>
          </li>
        ))}
      </ul>
      {groups.map((g) => (
        <div key={g.tag} className="mt-5">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{g.tag}</h2>
          <ul className="mt-2 space-y-1 text-sm" data-testid="endpoint-nav">
            {g.endpoints.map((e) => (
              <li key={endpointId(e)}>
                <a href={`#${endpointId(e)}`} className="text-slate-700 hover:text-indigo-700">
                  {e.op.summary}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

const GUIDE: [string, string][] = [
  ['getting-a-key', 'Getting a key'],
  ['authentication', 'Authentication'],
  ['rate-limits', 'Rate limits'],
  ['idempotency', 'Retries and idempotency'],
  ['streaming', 'Streaming'],
  ['errors', 'Errors'],
];

function planName(plan: string): string {
  return `${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;
}

function Section({ id, title, icon: Icon, children }: { id: string; title: string; icon?: typeof KeyRound; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 max-w-3xl space-y-3 text-[15px] leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900">
        {Icon && <Icon className="h-5 w-5 text-indigo-600" aria-hidden="true" />}
        {title}
      </h2>
      {children}
    </section>
  );
}
