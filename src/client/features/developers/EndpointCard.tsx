import { useMemo } from 'react';
import { Markdown } from '@/client/features/blog/Markdown';
import { CodeTabs } from './CodeTabs';
import {
  answerOf,
  successStatus,
  endpointId,
  exampleCode,
  fieldsOf,
  LANGUAGES,
  requestOf,
  shapeOf,
  type ApiDocument,
  type Endpoint,
  type Field,
  type Language,
} from './openapi-doc';

const METHOD_CLASSES: Record<string, string> = {
  get: 'bg-emerald-100 text-emerald-800',
  post: 'bg-indigo-100 text-indigo-800',
  delete: 'bg-rose-100 text-rose-800',
};

function Badge({ children, tone }: { children: string; tone: 'amber' | 'sky' | 'slate' }) {
  const cls = { amber: 'bg-amber-100 text-amber-900', sky: 'bg-sky-100 text-sky-900', slate: 'bg-slate-100 text-slate-700' }[tone];
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${cls}`}>{children}</span>;
}

/** One endpoint: what it does, its request fields, an example request in three languages, and its answer's shape. */
export function EndpointCard({
  doc,
  endpoint,
  base,
  lang,
  onLang,
}: {
  doc: ApiDocument;
  endpoint: Endpoint;
  base: string;
  lang: Language;
  onLang: (l: Language) => void;
}) {
  const { op, method, path } = endpoint;
  const req = requestOf(endpoint);
  const fields = fieldsOf(req.schema);
  const params = (op.parameters ?? []).filter((p): p is Exclude<typeof p, { $ref: string }> => !('$ref' in p));
  const code = useMemo(() => Object.fromEntries(LANGUAGES.map((l) => [l, exampleCode(endpoint, base, l)])) as Record<Language, string>, [endpoint, base]);
  const answer = answerOf(endpoint);
  const shape = useMemo(() => (answer?.kind === 'json' ? shapeOf(doc, answer.schema) : null), [doc, answer]);
  const id = endpointId(endpoint);

  return (
    <article
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="endpoint-card"
    >
      <header className="space-y-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {op.summary}
        </h3>
        <p className="flex flex-wrap items-center gap-2 font-mono text-sm">
          <span className={`rounded px-1.5 py-0.5 text-xs font-bold uppercase ${METHOD_CLASSES[method] ?? 'bg-slate-100'}`}>{method}</span>
          <span className="break-all text-slate-800">{path}</span>
        </p>
        <div className="flex flex-wrap gap-1.5">
          {op['x-needs-language-model'] === 'always' && <Badge tone="amber">Needs a language model</Badge>}
          {op['x-needs-language-model'] === 'options' && <Badge tone="amber">Some options need a language model</Badge>}
          {op['x-streams'] && <Badge tone="sky">{op['x-streams'] === 'always' ? 'Can stream' : 'Can stream (with a language model)'}</Badge>}
          {req.kind === 'multipart' && <Badge tone="slate">File upload</Badge>}
          {op.security?.length === 0 && <Badge tone="slate">No key needed</Badge>}
        </div>
      </header>

      <Markdown source={op.description} className="mt-4 text-sm! [&>*+*]:mt-3!" />

      {(fields.length > 0 || params.length > 0) && (
        <section className="mt-5" aria-label={`${op.summary}: request fields`}>
          <h4 className="text-sm font-semibold text-slate-900">
            {req.kind === 'multipart' ? 'Form fields' : req.kind === 'json' ? 'Request body (JSON)' : 'Parameters'}
          </h4>
          <dl className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {params.map((p) => (
              <FieldRow
                key={p.name}
                field={{
                  name: p.name,
                  type: `${p.in} parameter`,
                  required: Boolean(p.required),
                  description: p.description ?? null,
                  notes: [],
                  needsModel: undefined,
                }}
              />
            ))}
            {fields.map((f) => (
              <FieldRow key={f.name} field={f} />
            ))}
          </dl>
          {req.alsoMultipart && (
            <p className="mt-2 text-xs text-slate-500">Or send the same fields as multipart/form-data with a .txt, .docx or .pdf file in place of the text.</p>
          )}
        </section>
      )}

      <section className="mt-5" aria-label={`${op.summary}: example request`}>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Example request</h4>
        <CodeTabs code={code} lang={lang} onLang={onLang} label={`Example request for ${op.summary}`} />
      </section>

      {answer && (
        <section className="mt-5" aria-label={`${op.summary}: response`}>
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Response ({successStatus(endpoint)})</h4>
          {shape !== null ? (
            <pre
              tabIndex={0}
              className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-4 text-[13px] leading-relaxed text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
              data-testid="response-shape"
            >
              <code>{shape}</code>
            </pre>
          ) : (
            answer.kind === 'file' && <p className="text-sm text-slate-700 wrap-anywhere">The file itself: {answer.types.join(' or ')}.</p>
          )}
        </section>
      )}
    </article>
  );
}

function FieldRow({ field }: { field: Field }) {
  return (
    <div className="px-3 py-2.5 text-sm">
      <dt className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="font-mono font-semibold text-slate-900">{field.name}</code>
        <span className="font-mono text-xs text-slate-500">{field.type}</span>
        {field.required ? <span className="text-xs font-medium text-rose-700">required</span> : <span className="text-xs text-slate-500">optional</span>}
      </dt>
      <dd className="mt-1 space-y-1 text-slate-600">
        {field.description && <Markdown source={field.description} className="text-sm! text-slate-600" />}
        {field.notes.length > 0 && <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">{field.notes.join(' · ')}</p>}
        {field.needsModel !== undefined && <p className="text-xs text-amber-800">{`${JSON.stringify(field.needsModel)} needs a language model.`}</p>}
      </dd>
    </div>
  );
}
