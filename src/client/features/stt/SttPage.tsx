import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { revealResult } from '@/client/lib/reveal';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, Copy, Cpu, Download, FileAudio, History, Mic, Plus, Square, Upload } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/auth';
import { saveText } from '@/client/lib/download';
import { usePageTitle } from '@/client/lib/title';
import { FileDropZone } from '@/client/features/shared/FileDropZone';
import { cn } from '@/client/lib/utils';
import { shortTime, toSrt, toTxt, toVtt } from '@/engines/stt/format';
import { isStaff } from '@/shared/roles';
import { STT_ACCEPT, STT_FORMATS_LABEL, STT_PLAN_LIMITS, type SttLimitTier } from '@/shared/api/stt';
import { refreshUsage } from '@/client/features/billing/api';
import { ProGateNotice, useToolAccess } from '@/client/features/essay/ProGate';
import { ToolPageShell } from '../shared/ToolPageShell';
import { uploadAudio, useJob, useRecentJobs, useSttStatus, type SttJob } from './api';
import { canRecord, MicRecorder, prepareAudio } from './audio';

/** The job shown, kept in the address (?job=) and, per user, in localStorage, so leaving and coming back shows it. */
const LAST_JOB_KEY = (userId: string) => `vt:stt:job:${userId}`;

type Busy = { kind: 'preparing'; name: string } | { kind: 'uploading'; name: string; fraction: number } | null;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The browser's recording support does not change while the page is open. */
const noChange = () => () => {};

function tierOf(role: string | undefined): SttLimitTier {
  if (role === 'agency') return 'agency';
  if (role && isStaff(role as never)) return 'staff';
  return 'pro';
}

function readLast(userId: string): string | null {
  try {
    return localStorage.getItem(LAST_JOB_KEY(userId));
  } catch {
    return null;
  }
}
function writeLast(userId: string, id: string | null): void {
  try {
    if (id) localStorage.setItem(LAST_JOB_KEY(userId), id);
    else localStorage.removeItem(LAST_JOB_KEY(userId));
  } catch {
    // private mode: the address still carries the job
  }
}

/** Speech to Text: upload or record audio, follow the job's progress, read and download the timed transcript. */
export default function SttPage(_: { slug: string }) {
  // whether this browser can record: false in the server's render, so the page hydrates, then the browser's answer
  const recordable = useSyncExternalStore(noChange, canRecord, () => false);
  usePageTitle('Speech to Text');
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const access = useToolAccess('speech_to_text');
  const status = useSttStatus();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const job = useJob(access.allowed ? jobId : null);
  const recent = useRecentJobs(access.allowed && Boolean(user));
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [recording, setRecording] = useState<{ since: number; now: number } | null>(null);
  const [copied, setCopied] = useState(false);
  const recorder = useRef<MicRecorder | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const progressRef = useRef<HTMLElement>(null);
  const resultRef = useRef<HTMLElement>(null);

  const locked = !access.loading && !access.allowed;
  const unavailable = status.data && !status.data.available;
  const limits = STT_PLAN_LIMITS[tierOf(user?.role)];
  const disabled = locked || Boolean(unavailable) || busy !== null || recording !== null;
  const current: SttJob | undefined = job.data;
  const running = current?.status === 'running';

  // come back to the last job of this user when the address names none
  useEffect(() => {
    if (!user || jobId || !access.allowed) return;
    const last = readLast(user.id);
    if (last) setParams({ job: last }, { replace: true });
  }, [user, jobId, access.allowed, setParams]);

  // a finished job moves the usage meters and the recent list
  const finished = current && current.status !== 'running' ? current.id : null;
  useEffect(() => {
    if (!finished) return;
    void refreshUsage(queryClient);
    void queryClient.invalidateQueries({ queryKey: ['jobs', 'speech_to_text'] });
  }, [finished, queryClient]);

  // a job id that is not (or no longer) the user's: forget it
  useEffect(() => {
    if (job.error && user && jobId && readLast(user.id) === jobId) writeLast(user.id, null);
  }, [job.error, user, jobId]);

  // the recording clock
  useEffect(() => {
    if (!recording) return;
    const id = setInterval(() => setRecording((r) => (r ? { ...r, now: Date.now() } : r)), 250);
    return () => clearInterval(id);
  }, [recording]);

  useEffect(
    () => () => {
      recorder.current?.cancel();
      abort.current?.abort();
    },
    [],
  );

  // bring the progress, then the transcript, into view (below the inputs on a phone); the transcript also takes focus,
  // while the progress leaves it on the controls (Stop, Cancel)
  const showing = busy ? 'busy' : running ? 'running' : current?.status === 'done' ? 'done' : null;
  useEffect(() => {
    if (!showing) return;
    const t =
      showing === 'done' ? revealResult(resultRef, { block: 'nearest', delay: 0 }) : revealResult(progressRef, { block: 'nearest', focus: false, delay: 0 });
    return () => clearTimeout(t);
  }, [showing]);

  const recordedSeconds = recording ? (recording.now - recording.since) / 1000 : 0;
  // a recording stops itself at the plan's length
  useEffect(() => {
    if (recording && recordedSeconds >= limits.maxMinutes * 60) void stopRecording();
  });

  function showJob(id: string | null) {
    setError(null);
    setCopied(false);
    if (user) writeLast(user.id, id);
    setParams(id ? { job: id } : {}, { replace: false });
    void queryClient.invalidateQueries({ queryKey: ['jobs', 'speech_to_text'] });
  }

  function fail(message: string) {
    setError(message);
    toast({ title: 'Transcription Failed', description: message, variant: 'destructive' });
  }

  /** Check, convert where it helps, upload, and follow the job. */
  async function transcribe(file: File) {
    if (locked || unavailable) return;
    setError(null);
    if (file.size === 0) return fail('This file is empty.');
    setBusy({ kind: 'preparing', name: file.name });
    const ac = new AbortController();
    abort.current = ac;
    try {
      const ready = await prepareAudio(file);
      if (ready.seconds !== null && ready.seconds > limits.maxMinutes * 60)
        return fail(`This recording is ${Math.ceil(ready.seconds / 60)} minutes long; your plan takes up to ${limits.maxMinutes} minutes per file.`);
      if (ready.body.size > limits.maxBytes)
        return fail(
          `This file is ${mb(ready.body.size)}; your plan takes files up to ${mb(limits.maxBytes)}. A compressed format (MP3, M4A) is much smaller than WAV.`,
        );
      setBusy({ kind: 'uploading', name: file.name, fraction: 0 });
      const answer = await uploadAudio(ready.body, ready.name, (fraction) => setBusy({ kind: 'uploading', name: file.name, fraction }), ac.signal);
      void refreshUsage(queryClient);
      showJob(answer.jobId);
    } catch (err) {
      if (!ac.signal.aborted) fail(messageOf(err, 'The audio could not be sent. Please try again.'));
    } finally {
      if (abort.current === ac) abort.current = null;
      setBusy(null);
    }
  }

  async function startRecording() {
    setError(null);
    const r = new MicRecorder();
    try {
      await r.start();
    } catch (err) {
      r.cancel();
      const denied = err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'SecurityError');
      return fail(
        denied ? 'The browser was not allowed to use the microphone. Allow it in the address bar, then try again.' : 'No microphone could be opened.',
      );
    }
    recorder.current = r;
    setRecording({ since: Date.now(), now: Date.now() });
  }

  async function stopRecording() {
    const r = recorder.current;
    if (!r) return;
    recorder.current = null;
    setRecording(null);
    const file = await r.stop();
    await transcribe(file);
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Copy Failed', description: 'The browser did not allow copying. Select the text instead.', variant: 'destructive' });
    }
  }

  const result = current?.status === 'done' ? current.result : undefined;
  const base = `transcript-${(current?.createdAt ?? '').slice(0, 10) || 'audio'}`;
  const engineLabel = result?.engineLabel ?? status.data?.engineLabel;
  const progressPercent = busy?.kind === 'uploading' ? Math.round(busy.fraction * 100) : Math.round((current?.progress ?? 0) * 100);

  return (
    <ToolPageShell
      title="Speech to Text"
      lead="Transcribe a recording into text with a time for each segment. Upload an audio file or record in the browser; copy the transcript or download it as TXT, SRT or VTT."
    >
      {locked && <ProGateNotice toolId="speech_to_text" anonymous={access.anonymous} />}
      {unavailable && (
        <div role="alert" className="mb-5 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="stt-unavailable">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            Speech to text is not available on this server: it {status.data?.reason ?? 'has no engine'}. An administrator can install it, or set{' '}
            <code>STT_BASE_URL</code> to a speech-to-text provider.
          </p>
        </div>
      )}

      <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <FileDropZone onFiles={(files) => void transcribe(files[0]!)} disabled={disabled} className="bg-card shadow-sm" data-testid="stt-drop">
          <FileAudio className="size-8 text-primary" aria-hidden />
          <p className="font-medium">Drop an audio file here</p>
          <Button onClick={() => fileInput.current?.click()} disabled={disabled}>
            <Upload /> Choose a file
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={STT_ACCEPT}
            className="sr-only"
            aria-label="Choose an audio file to transcribe"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void transcribe(file);
            }}
          />
          <p className="text-xs text-muted-foreground">
            {STT_FORMATS_LABEL}, up to {mb(limits.maxBytes)} and {limits.maxMinutes} minutes
            {tierOf(user?.role) === 'pro' && ' (Agency: 100 MB and 120 minutes)'}. Audio is not kept: only the transcript is saved, for you.
          </p>
        </FileDropZone>

        <div
          className={cn(
            'flex flex-col items-center justify-center gap-3 rounded-2xl border bg-card p-6 text-center shadow-sm',
            // not faded, as the drop zone beside it: the text stays readable, the button shows it is off
            disabled && !recording && 'bg-muted/40',
          )}
        >
          <Mic className={cn('size-8', recording ? 'animate-pulse text-red-600' : 'text-primary')} aria-hidden />
          {recording ? (
            <>
              <p className="font-medium tabular-nums" aria-live="polite" data-testid="stt-timer">
                <span className="mr-2 inline-block size-2.5 rounded-full bg-red-600" aria-hidden />
                Recording {shortTime(recordedSeconds)}
              </p>
              <Button variant="destructive" onClick={() => void stopRecording()}>
                <Square /> Stop and transcribe
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium">Record in the browser</p>
              <Button variant="outline" onClick={() => void startRecording()} disabled={disabled || !recordable}>
                <Mic /> Record
              </Button>
            </>
          )}
          <p className="text-xs text-muted-foreground">
            {recordable ? 'The recording is sent when you stop.' : 'This browser cannot record audio; upload a file instead.'}
          </p>
        </div>
      </div>

      <p className="mt-3 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {engineLabel && (
          <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5" data-testid="stt-engine-status">
            <Cpu className="size-3" aria-hidden /> {engineLabel}
          </span>
        )}
        {status.data && <span>Languages: {status.data.languages}.</span>}
      </p>

      {error && (
        <div role="alert" className="mt-4 flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="stt-error">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{error}</p>
        </div>
      )}

      {(busy || running) && (
        <section ref={progressRef} className="mt-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" aria-live="polite" data-testid="stt-progress">
          <p className="flex items-center gap-2 text-sm">
            <Spinner />
            {busy?.kind === 'preparing'
              ? `Reading ${busy.name}…`
              : busy?.kind === 'uploading'
                ? `Uploading ${busy.name}… ${progressPercent}%`
                : `${current?.stage ?? 'Transcribing'}… ${progressPercent}%`}
          </p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={busy ? 'Upload' : 'Transcription'}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progressPercent}
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${progressPercent}%` }} />
          </div>
          {running && (
            <p className="mt-2 text-xs text-muted-foreground">You can leave this page: the transcription goes on, and shows here when you come back.</p>
          )}
        </section>
      )}

      {current?.status === 'failed' && (
        <div
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="stt-job-error"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{current.error?.message ?? 'The transcription failed. Nothing was charged; please try again.'}</p>
        </div>
      )}
      {job.error && jobId && (
        <p className="mt-4 text-sm text-muted-foreground" role="status">
          {messageOf(job.error, 'This transcription could not be loaded.')}
        </p>
      )}

      {result && (
        <section ref={resultRef} aria-labelledby="stt-result-title" className="mt-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid="stt-result">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="stt-result-title" className="text-lg font-semibold">
              Transcript
            </h2>
            <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="stt-engine">
              <Cpu className="size-3" aria-hidden /> {result.engineLabel}
            </span>
            <span className="text-xs text-muted-foreground">
              {shortTime(result.durationSec)} of audio, {result.segments.length} {result.segments.length === 1 ? 'segment' : 'segments'}
            </span>
          </div>
          {result.notice && (
            <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" role="status">
              {result.notice}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void copy(toTxt(result.segments))} disabled={!result.segments.length}>
              {copied ? <Check /> : <Copy />} {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => saveText(`${base}.txt`, toTxt(result.segments))} disabled={!result.segments.length}>
              <Download /> TXT
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => saveText(`${base}.srt`, toSrt(result.segments), 'application/x-subrip;charset=utf-8')}
              disabled={!result.segments.length}
            >
              <Download /> SRT
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => saveText(`${base}.vtt`, toVtt(result.segments), 'text/vtt;charset=utf-8')}
              disabled={!result.segments.length}
            >
              <Download /> VTT
            </Button>
            <Button variant="ghost" size="sm" onClick={() => showJob(null)}>
              <Plus /> New transcription
            </Button>
          </div>
          <ol className="mt-4 divide-y" data-testid="stt-segments">
            {result.segments.map((s, i) => (
              <li key={i} className="flex gap-3 py-2 text-sm">
                <time className="w-14 shrink-0 pt-0.5 text-xs tabular-nums text-muted-foreground" dateTime={`PT${s.start.toFixed(2)}S`}>
                  {shortTime(s.start)}
                </time>
                <p className="min-w-0 flex-1 break-words">{s.text}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      {!busy && !current && !error && !job.isLoading && (
        <p className="mt-4 rounded-2xl border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="stt-empty">
          Your transcript appears here, with the time each part was said.
        </p>
      )}

      {recent.data && recent.data.jobs.length > 0 && (
        <section className="mt-8" aria-labelledby="stt-recent-title">
          <h2 id="stt-recent-title" className="flex items-center gap-2 text-base font-semibold">
            <History className="size-4" aria-hidden /> Recent transcriptions
          </h2>
          <ul className="mt-2 divide-y rounded-2xl border">
            {recent.data.jobs.map((j) => (
              <li key={j.id}>
                <button
                  type="button"
                  onClick={() => showJob(j.id)}
                  className={cn(
                    'flex w-full items-center justify-between gap-3 px-4 py-2 text-left text-sm hover:bg-muted/50',
                    j.id === jobId && 'bg-accent/50',
                  )}
                >
                  <span>{new Date(j.createdAt).toLocaleString()}</span>
                  <span className={cn('text-xs', j.status === 'failed' ? 'text-red-700' : 'text-muted-foreground')}>
                    {j.status === 'running' ? `Running, ${Math.round(j.progress * 100)}%` : j.status === 'done' ? 'Done' : 'Failed'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </ToolPageShell>
  );
}
