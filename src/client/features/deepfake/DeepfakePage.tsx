import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  AlertTriangle,
  Camera,
  CheckCircle2,
  Download,
  FileSearch,
  ImagePlus,
  Info,
  Layers,
  Lock,
  RotateCcw,
  ScanFace,
  ShieldAlert,
  ShieldCheck,
  ShieldQuestion,
  Sparkles,
} from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { errorCode, messageOf } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/auth';
import { saveText } from '@/client/lib/download';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import { isNative, pickImage, takePhoto } from '@/client/lib/native';
import { DEEPFAKE_ACCEPT, DEEPFAKE_MAX_BYTES, type DeepfakeResponse, type Finding, type Strength, type Verdict } from '@/shared/api/deepfake';
import { LIMIT_MESSAGES } from '@/shared/limits';
import { LimitBanner, QuotaBanner } from '../shared/limits';
import { ToolNotes, ToolPageShell } from '../shared/ToolPageShell';
import { checkImage, useDeepfakeStatus } from './api';
import { reportJson, reportName, reportText, SIGNAL_LABEL, STRENGTH_LABEL } from './report';
import { revealResult } from '@/client/lib/reveal';

type Phase = 'idle' | 'checking' | 'done' | 'error';

const MB = 1024 * 1024;

const STRENGTH_STYLE: Record<Strength, string> = {
  strong: 'bg-rose-100 text-rose-900 border-rose-300 dark:bg-rose-950 dark:text-rose-100 dark:border-rose-800',
  moderate: 'bg-amber-100 text-amber-900 border-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:border-amber-800',
  weak: 'bg-yellow-50 text-yellow-900 border-yellow-300 dark:bg-yellow-950 dark:text-yellow-100 dark:border-yellow-800',
  none: 'bg-muted text-muted-foreground border-border',
};

const VERDICT_STYLE: Record<Verdict['level'], { box: string; icon: ReactNode; label: string }> = {
  ai: {
    box: 'border-rose-300 bg-rose-50 text-rose-950 dark:bg-rose-950/40 dark:text-rose-50',
    icon: <Sparkles className="size-6 text-rose-600" aria-hidden />,
    label: 'Signs of AI generation',
  },
  edited: {
    box: 'border-amber-300 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50',
    icon: <ShieldAlert className="size-6 text-amber-600" aria-hidden />,
    label: 'Signs of editing',
  },
  signs: {
    box: 'border-yellow-300 bg-yellow-50 text-yellow-950 dark:bg-yellow-950/40 dark:text-yellow-50',
    icon: <ShieldQuestion className="size-6 text-yellow-600" aria-hidden />,
    label: 'Weak hints only',
  },
  no_signs: {
    box: 'border-slate-300 bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-slate-50',
    icon: <ShieldQuestion className="size-6 text-slate-500" aria-hidden />,
    label: 'No signs found',
  },
  authentic: {
    box: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:bg-emerald-950/40 dark:text-emerald-50',
    icon: <ShieldCheck className="size-6 text-emerald-600" aria-hidden />,
    label: 'Signed camera capture',
  },
};

/** Deepfake Detector: upload an image; findings with their strength, a verdict sentence, an ELA heat map, metadata. */
export default function DeepfakePage(_: { slug: string }) {
  usePageTitle('Deepfake Detector');
  const { user } = useCurrentUser();
  const status = useDeepfakeStatus();
  const [phase, setPhase] = useState<Phase>('idle');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [result, setResult] = useState<DeepfakeResponse | null>(null);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const resultRef = useRef<HTMLElement>(null);

  // the preview's object URL lives as long as the file is shown
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const check = useCallback(
    async (f: File) => {
      if (phase === 'checking') return;
      setFile(f);
      setResult(null);
      setError(null);
      setLimitReached(false);
      if (f.size > DEEPFAKE_MAX_BYTES) {
        setPhase('error');
        setError(`This file is ${(f.size / MB).toFixed(1)} MB; the detector takes images up to ${DEEPFAKE_MAX_BYTES / MB} MB.`);
        return;
      }
      setPhase('checking');
      try {
        const r = await checkImage(f);
        setResult(r);
        setCheckedAt(new Date());
        setPhase('done');
        revealResult(resultRef, { delay: 50 });
      } catch (err) {
        const message = messageOf(err, 'The image could not be checked. Please try again.');
        setPhase('error');
        if (errorCode(err) === 'limit_reached' && !user) {
          setLimitReached(true);
          toast({ title: LIMIT_MESSAGES.deepfake.title, description: LIMIT_MESSAGES.deepfake.message, variant: 'destructive' });
        } else {
          setError(message);
          toast({ title: 'Check Failed', description: message, variant: 'destructive' });
        }
      }
    },
    [phase, user],
  );

  // paste an image from the clipboard anywhere on the page
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const f = [...(e.clipboardData?.files ?? [])].find((x) => x.type.startsWith('image/'));
      if (f) {
        e.preventDefault();
        void check(f);
      }
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [check]);

  function reset() {
    setFile(null);
    setResult(null);
    setError(null);
    setPhase('idle');
  }

  function download(kind: 'json' | 'txt') {
    if (!result || !file || !checkedAt) return;
    const meta = { name: file.name, size: file.size };
    if (kind === 'json') saveText(reportName(file.name, 'json'), reportJson(result, meta, checkedAt), 'application/json');
    else saveText(reportName(file.name, 'txt'), reportText(result, meta, checkedAt));
  }

  return (
    <ToolPageShell
      wide
      title="Deepfake Detector"
      lead="Check an image for signs of AI generation or manipulation: content credentials, metadata, compression traces and faces. You get findings with their strength, never a bare “fake” or “real”."
    >
      <UploadZone onFile={(f) => void check(f)} busy={phase === 'checking'} />
      {status.data?.providerConfigured && (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="provider-status">
          This server also asks {status.data.providerLabel}; a copy without your photo’s metadata is sent to it.
        </p>
      )}

      <div className="mt-4 space-y-3">
        <QuotaBanner />
        {limitReached && <LimitBanner anonymous={!user}>{LIMIT_MESSAGES.deepfake.message}</LimitBanner>}
        {phase === 'error' && error && (
          <div role="alert" className="flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="deepfake-error">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>{error}</p>
          </div>
        )}
      </div>

      {phase === 'checking' && (
        <div
          role="status"
          aria-live="polite"
          className="mt-6 flex items-center gap-3 rounded-2xl border bg-card p-5 text-sm text-muted-foreground"
          data-testid="deepfake-checking"
        >
          <Spinner className="size-5 text-primary" />
          <span>Checking {file?.name ?? 'the image'}: content credentials, metadata, compression and faces. Large photos take a few seconds.</span>
        </div>
      )}

      {phase === 'idle' && (
        <p className="mt-6 rounded-2xl border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="deepfake-empty">
          The findings appear here. Nothing you upload is kept after the check.
        </p>
      )}

      {phase === 'done' && result && (
        <section ref={resultRef} aria-label="Result" className="mt-6 scroll-mt-20 space-y-4" data-testid="deepfake-result">
          <VerdictCard verdict={result.verdict} />
          {result.provider && (
            <div className="rounded-2xl border bg-card p-4 text-sm shadow-sm" data-testid="provider-score">
              <p className="font-medium">
                {result.provider.label}: {Math.round(result.provider.aiScore * 100)} % likely AI-generated
                {result.provider.deepfakeScore != null && `, ${Math.round(result.provider.deepfakeScore * 100)} % likely a face manipulation`}
                {result.provider.source && ` (source: ${result.provider.source})`}
              </p>
              <p className="mt-1 text-muted-foreground">
                A commercial model’s opinion, shown beside the offline findings; it is not part of the verdict above.
              </p>
            </div>
          )}
          {result.notice && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" role="status">
              {result.notice}
            </p>
          )}

          <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
            <ImagePanel result={result} src={preview} name={file?.name ?? 'image'} />
            <FindingsList findings={result.findings} />
          </div>

          <MetadataTable result={result} />

          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => download('json')}>
              <Download /> Download report (JSON)
            </Button>
            <Button variant="outline" size="sm" onClick={() => download('txt')}>
              <Download /> Download report (TXT)
            </Button>
            <Button variant="ghost" size="sm" onClick={reset}>
              <RotateCcw /> Check another image
            </Button>
            {result.allowance && (
              <span className="text-xs text-muted-foreground" data-testid="allowance">
                {result.allowance.used} of {result.allowance.limit} free checks used today
              </span>
            )}
          </div>
        </section>
      )}

      <ToolNotes
        label="How to read the result"
        notes={[
          {
            icon: FileSearch,
            title: 'What it can tell',
            text: 'Whether the file declares AI generation (signed content credentials, generator metadata), and whether it carries traces of re-saving or of regions with a different compression history.',
          },
          {
            icon: ShieldQuestion,
            title: 'What it cannot tell',
            text: 'That an image is real. A screenshot or a re-upload strips credentials and metadata, and a well-made fake saved once leaves no trace these checks can see.',
          },
          {
            icon: Lock,
            title: 'Privacy',
            text: 'The image is checked in memory on this server and discarded. Nothing is stored unless you download the report.',
          },
        ]}
      />
    </ToolPageShell>
  );
}

/** Drop, pick, paste or (on a phone) take a photo. */
function UploadZone({ onFile, busy }: { onFile: (f: File) => void; busy: boolean }) {
  const picker = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [touch, setTouch] = useState(false);
  useEffect(() => setTouch(isNative() || (window.matchMedia?.('(pointer: coarse)').matches ?? false)), []);
  const take = (files: FileList | null) => {
    const f = files?.[0];
    if (f) onFile(f);
  };
  // camera and gallery through the device adapter: the Camera plugin in the app, a file input in a browser
  const fromDevice = async (source: 'camera' | 'gallery') => {
    const f = source === 'camera' ? await takePhoto() : await pickImage();
    if (f) onFile(f);
  };
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed bg-card p-6 text-center transition-colors sm:p-8',
        over ? 'border-primary bg-accent/40' : 'border-border',
      )}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!busy) take(e.dataTransfer.files);
      }}
      data-testid="deepfake-dropzone"
    >
      <ImagePlus className="size-8 text-primary" aria-hidden />
      <p className="text-sm text-muted-foreground">
        Drop an image here or paste it (Ctrl+V). JPEG, PNG, WebP, AVIF or HEIC, up to {DEEPFAKE_MAX_BYTES / MB} MB.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => (isNative() ? void fromDevice('gallery') : picker.current?.click())} disabled={busy}>
          {busy ? <Spinner /> : <ImagePlus />} {busy ? 'Checking…' : 'Choose an image'}
        </Button>
        {touch && (
          <Button variant="outline" onClick={() => void fromDevice('camera')} disabled={busy} data-testid="deepfake-camera">
            <Camera /> Take a photo
          </Button>
        )}
      </div>
      <input
        ref={picker}
        type="file"
        accept={DEEPFAKE_ACCEPT}
        className="sr-only"
        aria-label="Image to check"
        data-testid="deepfake-file"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}

function VerdictCard({ verdict }: { verdict: Verdict }) {
  const s = VERDICT_STYLE[verdict.level];
  return (
    <div className={cn('flex items-start gap-3 rounded-2xl border p-4 sm:p-5', s.box)} data-testid="deepfake-verdict" data-level={verdict.level}>
      <span className="mt-0.5 shrink-0">{s.icon}</span>
      <div>
        <p className="text-xs font-semibold tracking-wide uppercase opacity-80">{s.label}</p>
        <p className="mt-1 text-base leading-snug font-semibold sm:text-lg">{verdict.sentence}</p>
      </div>
    </div>
  );
}

function StrengthBadge({ strength }: { strength: Strength }) {
  return (
    <span
      className={cn('inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold', STRENGTH_STYLE[strength])}
      data-testid="strength"
    >
      {STRENGTH_LABEL[strength]}
    </span>
  );
}

function FindingsList({ findings }: { findings: Finding[] }) {
  return (
    <section aria-labelledby="findings-title" className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
      <h2 id="findings-title" className="text-base font-semibold">
        Findings
      </h2>
      <ul className="mt-3 divide-y" data-testid="findings">
        {findings.map((f) => (
          <li key={f.id} className="py-3 first:pt-0 last:pb-0" data-finding={f.id}>
            <div className="flex flex-wrap items-start gap-2">
              <StrengthBadge strength={f.strength} />
              <div className="min-w-0 flex-1">
                <p className="font-medium leading-snug">{f.title}</p>
                <p className="text-xs text-muted-foreground">{SIGNAL_LABEL[f.signal] ?? f.signal}</p>
              </div>
            </div>
            <p className="mt-1.5 text-sm text-muted-foreground">{f.detail}</p>
            {f.evidence && Object.values(f.evidence).some((v) => v !== null && v !== '') && (
              <details className="mt-1 text-xs">
                <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Evidence</summary>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
                  {Object.entries(f.evidence)
                    .filter(([, v]) => v !== null && v !== '')
                    .map(([k, v]) => (
                      <div key={k} className="contents">
                        <dt className="font-medium">{k}</dt>
                        <dd className="break-words text-muted-foreground">{String(v)}</dd>
                      </div>
                    ))}
                </dl>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The image with the ELA heat map and the face boxes as overlays the user switches on. */
function ImagePanel({ result, src, name }: { result: DeepfakeResponse; src: string | null; name: string }) {
  const [showEla, setShowEla] = useState(false);
  const [showFaces, setShowFaces] = useState(true);
  const [broken, setBroken] = useState(false);
  const viewable = src && !broken && result.format !== 'heic';
  const faces = result.faces ?? [];
  return (
    <section aria-labelledby="image-title" className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
      <h2 id="image-title" className="text-base font-semibold">
        Image
      </h2>
      <p className="mt-0.5 text-xs text-muted-foreground">
        {result.format.toUpperCase()} · {result.width}×{result.height} · {(result.bytes / 1024).toFixed(0)} KB
        {result.jpeg && ` · quality ≈ ${result.jpeg.quality}${result.jpeg.standardTables ? ' (standard tables)' : ' (custom tables)'}`}
      </p>
      <div className="mt-3 flex justify-center rounded-xl bg-muted/40 p-2">
        {viewable ? (
          <div className="relative inline-block max-w-full">
            <img src={src} alt={`The checked image, ${name}`} className="block max-h-[420px] max-w-full rounded-md" onError={() => setBroken(true)} />
            {showEla && result.ela && (
              <img
                src={`data:image/png;base64,${result.ela.png}`}
                alt="Error level heat map: brighter regions changed more when the image was saved again"
                className="pointer-events-none absolute inset-0 size-full rounded-md opacity-85"
                data-testid="ela-overlay"
              />
            )}
            {showFaces &&
              faces.map((f, i) => (
                <span
                  key={i}
                  className={cn(
                    'pointer-events-none absolute rounded border-2',
                    f.antispoof != null && f.antispoof < 0.3 ? 'border-rose-500' : 'border-emerald-400',
                  )}
                  style={{ left: `${f.box.x * 100}%`, top: `${f.box.y * 100}%`, width: `${f.box.width * 100}%`, height: `${f.box.height * 100}%` }}
                  title={`Face: ${f.antispoof == null ? 'n/a' : Math.round(f.antispoof * 100)} % real, ${f.live == null ? 'n/a' : Math.round(f.live * 100)} % live`}
                />
              ))}
          </div>
        ) : (
          <p className="flex min-h-32 items-center gap-2 p-6 text-sm text-muted-foreground">
            <Info className="size-4" aria-hidden /> This browser cannot show a preview of this {result.format.toUpperCase()} file.
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {result.ela && (
          <label className="inline-flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={showEla}
              onChange={(e) => setShowEla(e.target.checked)}
              data-testid="ela-toggle"
            />
            <Layers className="size-4 text-muted-foreground" aria-hidden /> Error level heat map
          </label>
        )}
        {faces.length > 0 && (
          <label className="inline-flex cursor-pointer items-center gap-2">
            <input type="checkbox" className="size-4 accent-primary" checked={showFaces} onChange={(e) => setShowFaces(e.target.checked)} />
            <ScanFace className="size-4 text-muted-foreground" aria-hidden /> Faces ({faces.length})
          </label>
        )}
      </div>
      {result.ela && (
        <p className="mt-2 text-xs text-muted-foreground">
          The heat map shows where the image changed more than the rest when saved again at quality {result.ela.quality}, allowing for texture (unevenness{' '}
          {result.ela.unevenness.toFixed(2)}). Bright patches can be pasted regions, but also edges, text or unusual textures: it is a hint to look closer, not
          proof.
        </p>
      )}
      {!result.decoded && (
        <p className="mt-2 flex items-start gap-1.5 text-xs text-muted-foreground">
          <CheckCircle2 className="mt-0.5 size-3.5 shrink-0" aria-hidden /> Only the metadata and content credentials were read: this server cannot decode HEIC
          pixels.
        </p>
      )}
    </section>
  );
}

function MetadataTable({ result }: { result: DeepfakeResponse }) {
  const rows = result.metadata;
  return (
    <details className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5" open={rows.length > 0 && rows.length <= 30} data-testid="metadata">
      <summary className="cursor-pointer text-base font-semibold">Metadata ({rows.length} fields)</summary>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">The file carries no EXIF, XMP, IPTC or text metadata and no content credentials.</p>
      ) : (
        <div className="mt-3 max-h-96 overflow-auto">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-card text-xs text-muted-foreground">
              <tr>
                <th className="py-1.5 pr-3 font-medium">Group</th>
                <th className="py-1.5 pr-3 font-medium">Field</th>
                <th className="py-1.5 font-medium">Value</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {rows.map((r, i) => (
                <tr key={i}>
                  <td className="py-1.5 pr-3 align-top whitespace-nowrap text-muted-foreground">{r.group}</td>
                  <td className="py-1.5 pr-3 align-top font-medium break-all">{r.name}</td>
                  <td className="py-1.5 align-top break-words [overflow-wrap:anywhere]">{r.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
