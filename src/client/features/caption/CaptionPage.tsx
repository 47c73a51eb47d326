import { useCallback, useEffect, useRef, useState } from 'react';
import { AlertTriangle, Camera, Copy, Cpu, Download, ImageUp, Info, RefreshCw, Sparkles } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { useCurrentUser } from '@/client/lib/auth';
import { ApiError, messageOf } from '@/client/lib/api';
import { saveText } from '@/client/lib/download';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import { isNative, pickImage, takePhoto } from '@/client/lib/native';
import {
  CAPTION_ACCEPT,
  CAPTION_MAX_BYTES,
  CAPTION_STYLE_INFO,
  CAPTION_STYLES,
  type CaptionDetection,
  type CaptionResponse,
  type CaptionStyle,
} from '@/shared/api/caption';
import { LimitBanner, QuotaBanner } from '../shared/limits';
import { ToolPageShell } from '../shared/ToolPageShell';
import { captionImage, captionReport, prepareImage, useCaptionStatus } from './api';
import { revealResult } from '@/client/lib/reveal';

type Phase = 'idle' | 'working' | 'done' | 'error';

const KIND_STYLES: Record<CaptionDetection['kind'], { box: string; tag: string; name: string }> = {
  person: { box: 'border-sky-500', tag: 'bg-sky-600', name: 'Person' },
  object: { box: 'border-amber-500', tag: 'bg-amber-600', name: 'Object' },
  face: { box: 'border-pink-500', tag: 'bg-pink-600', name: 'Face' },
  text: { box: 'border-emerald-500', tag: 'bg-emerald-600', name: 'Text' },
};

const pct = (n: number) => `${Math.round(n * 100)} %`;
const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copied to clipboard` });
  } catch {
    toast({ title: 'Copy failed', description: 'Select the text and copy it instead.', variant: 'destructive' });
  }
}

/** Image Caption Generator: upload, paste or photograph an image; caption and alt-text in a style, with what was found. */
export default function CaptionPage(_: { slug: string }) {
  usePageTitle('Image Caption Generator');
  const { user } = useCurrentUser();
  const status = useCaptionStatus();
  const [style, setStyle] = useState<CaptionStyle>('short');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<{ message: string; limit: boolean } | null>(null);
  const [result, setResult] = useState<CaptionResponse | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [showBoxes, setShowBoxes] = useState(true);
  const [touch, setTouch] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const messagesRef = useRef<HTMLDivElement>(null);
  const providerConfigured = result?.providerConfigured ?? status.data?.providerConfigured ?? false;
  const maxBytes = status.data?.maxBytes ?? CAPTION_MAX_BYTES;

  useEffect(() => {
    // the "Take a photo" button is for phones, tablets and the app (a desktop browser opens the file picker for it anyway)
    setTouch(isNative() || (window.matchMedia?.('(pointer: coarse)').matches ?? false));
  }, []);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const run = useCallback(
    async (picked: File, chosenStyle: CaptionStyle) => {
      if (phase === 'working') return;
      setError(null);
      setNote(null);
      if (picked.size > maxBytes) {
        setPhase('error');
        setError({ message: `This image is ${mb(picked.size)}; images are limited to ${mb(maxBytes)}.`, limit: false });
        return;
      }
      setPhase('working');
      const { file: prepared, converted } = await prepareImage(picked);
      if (converted) setNote('This HEIC photo was converted to JPEG in your browser before upload.');
      setFile(prepared);
      setPreviewFailed(false);
      setPreview(URL.createObjectURL(prepared));
      setResult(null);
      try {
        const r = await captionImage(prepared, chosenStyle);
        setResult(r);
        setStyle(r.style);
        setPhase('done');
        revealResult(resultRef, { block: 'nearest' });
      } catch (err) {
        const message = messageOf(err, 'The image could not be captioned. Please try again.');
        const limit = err instanceof ApiError && err.code === 'limit_reached' && !user;
        setError({ message, limit });
        setPhase('error');
        // below the upload and style panels on a phone: bring the reason into view
        setTimeout(() => messagesRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }), 100);
        if (!(err instanceof ApiError && (err.code === 'quota_exceeded' || limit)))
          toast({ title: 'Caption Failed', description: message, variant: 'destructive' });
      }
    },
    [phase, maxBytes, user],
  );

  // paste an image from the clipboard anywhere on the page
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const item = [...(e.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
      if (!item) return;
      e.preventDefault();
      void run(item, style);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [run, style]);

  const onFiles = (files: FileList | null) => {
    const f = files?.[0];
    if (f) void run(f, style);
  };
  // camera and gallery through the device adapter: the Camera plugin in the app, a file input in a browser
  const fromDevice = async (source: 'camera' | 'gallery') => {
    const f = source === 'camera' ? await takePhoto() : await pickImage();
    if (f) void run(f, style);
  };

  // what is shown: the answer in its own style, else the offline caption of the style chosen afterwards
  const fresh = result !== null && style === result.style;
  const shown = result
    ? fresh
      ? { caption: result.caption, altText: result.altText, engineLabel: result.engineLabel }
      : { ...result.offline.styles[style], engineLabel: 'Offline (Human + Tesseract)' }
    : null;
  const engineLabel = result?.engineLabel ?? status.data?.engineLabel;
  const working = phase === 'working';
  const baseName = (file?.name ?? 'image').replace(/\.[^.]+$/, '');

  return (
    <ToolPageShell
      wide
      title="Image Caption Generator"
      lead="Describe a photo in a caption and alt-text, and read the text in it. Upload, paste or take a photo: JPEG, PNG, WebP or HEIC up to 10 MB."
    >
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div
          role="group"
          aria-label="Image upload"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            onFiles(e.dataTransfer.files);
          }}
          className={cn(
            'flex min-h-56 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed bg-card p-6 text-center transition-colors',
            dragging ? 'border-primary bg-accent/50' : 'border-border',
          )}
          data-testid="caption-dropzone"
        >
          <ImageUp className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">Drop an image here, paste it (Ctrl+V), or choose a file</p>
          <p className="text-sm text-muted-foreground">JPEG, PNG, WebP or HEIC, up to {mb(maxBytes)}. Nothing is kept after the caption is made.</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => (isNative() ? void fromDevice('gallery') : picker.current?.click())} disabled={working}>
              <ImageUp /> Choose image
            </Button>
            {touch && (
              <Button variant="outline" onClick={() => void fromDevice('camera')} disabled={working} data-testid="caption-camera">
                <Camera /> Take a photo
              </Button>
            )}
          </div>
          <input
            ref={picker}
            type="file"
            accept={CAPTION_ACCEPT}
            className="sr-only"
            aria-label="Choose an image"
            data-testid="caption-file"
            onChange={(e) => {
              onFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </div>

        <fieldset className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
          <legend className="sr-only">Caption style</legend>
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold" aria-hidden>
              Style
            </h2>
            {engineLabel && (
              <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-status">
                <Cpu className="size-3" aria-hidden /> {engineLabel}
              </span>
            )}
          </div>
          <div className="grid gap-2" role="radiogroup" aria-label="Caption style">
            {CAPTION_STYLES.map((s) => (
              <label
                key={s}
                className={cn(
                  'flex cursor-pointer items-start gap-2 rounded-xl border p-2.5 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  s === style ? 'border-primary bg-accent/50' : 'hover:bg-muted/50',
                )}
              >
                <input type="radio" name="caption-style" value={s} checked={s === style} onChange={() => setStyle(s)} className="mt-1 size-4 accent-primary" />
                <span>
                  <span className="block text-sm font-medium">{CAPTION_STYLE_INFO[s].label}</span>
                  <span className="block text-xs text-muted-foreground">{CAPTION_STYLE_INFO[s].description}</span>
                </span>
              </label>
            ))}
          </div>
          {!providerConfigured && (
            <p className="mt-3 flex gap-1.5 text-xs text-muted-foreground" data-testid="caption-offline-note">
              <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              Captions here are composed from what offline models find: people, faces, 80 kinds of everyday objects, English text and colours. A vision model
              (set up by the site administrator) would write richer captions.
            </p>
          )}
        </fieldset>
      </div>

      <div ref={messagesRef} className="mt-4 space-y-3">
        <QuotaBanner />
        {error?.limit && <LimitBanner anonymous>{error.message}</LimitBanner>}
        {phase === 'error' && error && !error.limit && (
          <div role="alert" className="flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="caption-error">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>{error.message}</p>
          </div>
        )}
        {note && (
          <p role="status" className="text-sm text-muted-foreground">
            {note}
          </p>
        )}
      </div>

      {phase === 'idle' && (
        <p className="mt-4 rounded-2xl border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="caption-empty">
          Your caption, alt-text and what was found in the image appear here.
        </p>
      )}

      {(working || result) && (
        <section
          ref={resultRef}
          aria-labelledby="caption-result-title"
          className="mt-4 grid gap-4 lg:grid-cols-2"
          data-testid="caption-result"
          aria-busy={working}
        >
          <h2 id="caption-result-title" className="sr-only">
            Result
          </h2>
          <div className="self-start rounded-2xl border bg-card p-3 shadow-sm">
            {preview && !previewFailed ? (
              <div className="relative">
                <img
                  src={preview}
                  alt={shown?.altText ?? 'The uploaded image'}
                  className="block h-auto w-full rounded-lg"
                  onError={() => setPreviewFailed(true)}
                />
                {result && showBoxes && (
                  <div className="pointer-events-none absolute inset-0" data-testid="caption-boxes" aria-hidden>
                    {result.detections.map((d, i) => (
                      <div
                        key={i}
                        data-kind={d.kind}
                        className={cn('absolute rounded-sm border-2', KIND_STYLES[d.kind].box, !d.inCaption && 'border-dashed opacity-70')}
                        style={{ left: `${d.box.x * 100}%`, top: `${d.box.y * 100}%`, width: `${d.box.width * 100}%`, height: `${d.box.height * 100}%` }}
                      >
                        {d.kind !== 'text' && (
                          <span
                            className={cn('absolute -top-5 left-0 whitespace-nowrap rounded px-1 text-[10px] leading-4 text-white', KIND_STYLES[d.kind].tag)}
                          >
                            {d.label} {pct(d.confidence)}
                          </span>
                        )}
                      </div>
                    ))}
                  </div>
                )}
                {working && (
                  <div className="absolute inset-0 flex items-center justify-center rounded-lg bg-background/60">
                    <span className="flex items-center gap-2 rounded-full bg-background px-3 py-1.5 text-sm shadow" aria-live="polite">
                      <Spinner /> Finding people, objects and text…
                    </span>
                  </div>
                )}
              </div>
            ) : (
              <div className="flex aspect-video items-center justify-center rounded-lg bg-muted text-sm text-muted-foreground">
                {working ? (
                  <span className="flex items-center gap-2" aria-live="polite">
                    <Spinner /> Finding people, objects and text…
                  </span>
                ) : (
                  'This browser cannot show this image format; the caption below is of the uploaded file.'
                )}
              </div>
            )}
            {result && (
              <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 px-1 text-xs text-muted-foreground">
                <label className="inline-flex items-center gap-1.5">
                  <input type="checkbox" checked={showBoxes} onChange={(e) => setShowBoxes(e.target.checked)} className="accent-primary" /> Show boxes
                </label>
                {(Object.keys(KIND_STYLES) as CaptionDetection['kind'][]).map((k) => (
                  <span key={k} className="inline-flex items-center gap-1">
                    <span className={cn('inline-block size-2.5 rounded-sm border-2', KIND_STYLES[k].box)} aria-hidden /> {KIND_STYLES[k].name}
                  </span>
                ))}
                <span className="ml-auto">
                  {result.image.format.toUpperCase()} · {result.image.width} × {result.image.height} · {result.image.orientation}
                </span>
              </div>
            )}
          </div>

          <div className="space-y-4">
            {result && shown ? (
              <>
                <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-base font-semibold">Caption</h3>
                    <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{CAPTION_STYLE_INFO[style].label}</span>
                    <span
                      className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground"
                      data-testid="engine-label"
                    >
                      <Cpu className="size-3" aria-hidden /> {shown.engineLabel}
                    </span>
                  </div>
                  <p className="mt-2 whitespace-pre-wrap text-lg leading-relaxed" data-testid="caption-text">
                    {shown.caption}
                  </p>
                  {result.notice && fresh && (
                    <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" role="status">
                      {result.notice}
                    </p>
                  )}
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => void copy(shown.caption, 'Caption')}>
                      <Copy /> Copy caption
                    </Button>
                    {!fresh && providerConfigured && file && (
                      <Button variant="outline" size="sm" onClick={() => void run(file, style)} disabled={working}>
                        <RefreshCw /> Ask the vision model in this style
                      </Button>
                    )}
                  </div>
                  <h3 className="mt-5 text-base font-semibold">Alt-text</h3>
                  <p className="mt-1 text-sm leading-relaxed" data-testid="caption-alt">
                    {shown.altText}
                  </p>
                  <p className="mt-1 text-xs text-muted-foreground">{shown.altText.length} characters</p>
                  <Button className="mt-2" variant="outline" size="sm" onClick={() => void copy(shown.altText, 'Alt-text')}>
                    <Copy /> Copy alt-text
                  </Button>
                  {result.nothingFound && (
                    <p className="mt-3 flex gap-1.5 rounded-lg bg-muted p-2 text-sm text-muted-foreground">
                      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                      The offline models recognised no person, object or text here, so only the colours and shape are described.
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => saveText(`caption-${baseName}.txt`, captionReport(result, style, shown, file?.name ?? 'image'))}
                  >
                    <Download /> Download TXT
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      saveText(
                        `caption-${baseName}.json`,
                        JSON.stringify({ file: file?.name ?? null, shownStyle: style, shown, ...result, allowance: undefined }, null, 2),
                        'application/json',
                      )
                    }
                  >
                    <Download /> Download JSON
                  </Button>
                </div>
              </>
            ) : (
              <div className="space-y-3 rounded-2xl border bg-card p-5 shadow-sm" aria-hidden>
                <div className="h-5 w-24 animate-pulse rounded bg-muted" />
                <div className="h-4 w-full animate-pulse rounded bg-muted" />
                <div className="h-4 w-3/4 animate-pulse rounded bg-muted" />
              </div>
            )}
          </div>

          {result && <Findings result={result} />}
        </section>
      )}
    </ToolPageShell>
  );
}

/** What the offline models found: detections with confidence, text read, colours. */
function Findings({ result }: { result: CaptionResponse }) {
  const things = result.detections.filter((d) => d.kind !== 'text');
  return (
    <div className="grid items-start gap-4 lg:col-span-2 lg:grid-cols-2">
      <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
        <h3 className="flex items-center gap-2 text-base font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden /> Detections
        </h3>
        {things.length ? (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm" data-testid="caption-detections">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th className="py-1.5 pr-2 font-medium">Kind</th>
                  <th className="py-1.5 pr-2 font-medium">What</th>
                  <th className="py-1.5 pr-2 text-right font-medium">Confidence</th>
                  <th className="py-1.5 font-medium">Note</th>
                </tr>
              </thead>
              <tbody>
                {things.map((d, i) => (
                  <tr key={i} className="border-b last:border-0">
                    <td className="py-1.5 pr-2">{KIND_STYLES[d.kind].name}</td>
                    <td className="py-1.5 pr-2">{d.label}</td>
                    <td className="py-1.5 pr-2 text-right tabular-nums">{pct(d.confidence)}</td>
                    <td className="py-1.5 text-xs text-muted-foreground">
                      {[d.inCaption ? '' : 'possible, not in the caption', d.note ?? ''].filter(Boolean).join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">No people, faces or objects were recognised.</p>
        )}
        <p className="mt-3 text-xs text-muted-foreground">
          Ages and expressions are a model&apos;s estimates from a face, often off by years; they are shown as such and never used to name anyone.
        </p>
      </div>

      <div className="space-y-4">
        <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
          <div className="flex items-center gap-2">
            <h3 className="text-base font-semibold">Text in the image</h3>
            {result.ocr.text && (
              <span className="text-xs text-muted-foreground">
                {result.ocr.words} {result.ocr.words === 1 ? 'word' : 'words'}, {result.ocr.confidence} % confidence
              </span>
            )}
          </div>
          {result.ocr.text ? (
            <>
              <pre className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap rounded-lg bg-muted p-3 font-sans text-sm" data-testid="caption-ocr">
                {result.ocr.text}
              </pre>
              <Button className="mt-2" variant="outline" size="sm" onClick={() => void copy(result.ocr.text, 'Text')}>
                <Copy /> Copy text
              </Button>
            </>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">No readable English text was found.</p>
          )}
        </div>
        <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
          <h3 className="text-base font-semibold">Colours</h3>
          <ul className="mt-2 space-y-1.5" data-testid="caption-colors">
            {result.colors.map((c) => (
              <li key={c.hex + c.name} className="flex items-center gap-2 text-sm">
                <span className="inline-block size-5 shrink-0 rounded border" style={{ backgroundColor: c.hex }} aria-hidden />
                <span className="font-medium">{c.name}</span>
                <span className="font-mono text-xs text-muted-foreground">{c.hex}</span>
                <span className="ml-auto tabular-nums text-muted-foreground">{pct(c.share)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted-foreground">
            {result.image.orientation[0].toUpperCase() + result.image.orientation.slice(1)}, {result.image.width} × {result.image.height} pixels (
            {result.image.megapixels} MP)
          </p>
        </div>
      </div>
    </div>
  );
}
