import { useCallback, useEffect, useRef, useState } from 'react';
import { AlertTriangle, Cpu, Download, Pause, Play, Square, Volume2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel, Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import {
  TTS_DEFAULT_PAUSE_MS,
  TTS_MAX_PAUSE_MS,
  TTS_MAX_SPEED,
  TTS_MIN_SPEED,
  TTS_VOICES,
  VOICE_INFO,
  type TtsChunk,
  type TtsResponse,
  type TtsVoice,
} from '@/shared/api/tts';
import { useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { ToolPageShell } from '../shared/ToolPageShell';
import { previewUrl, streamFile, streamSpeech, useTtsStatus } from './api';
import { ChunkPlayer, formatTime, type PlayerState } from './player';
import { Recording, saveBlob } from './recording';
import { revealResult } from '@/client/lib/reveal';

type Phase = 'idle' | 'generating' | 'done' | 'stopped' | 'error';

const title = (v: string) => v[0].toUpperCase() + v.slice(1);

/** Text to Speech: six voices, speed and paragraph pauses; plays as it is generated; downloads WAV and MP3. */
export default function TtsPage(_: { slug: string }) {
  usePageTitle('Text to Speech');
  const status = useTtsStatus();
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<TtsVoice>('alloy');
  const [speed, setSpeed] = useState(1);
  const [pauseMs, setPauseMs] = useState(TTS_DEFAULT_PAUSE_MS);
  const [phase, setPhase] = useState<Phase>('idle');
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState({ received: 0, total: 0 });
  const [result, setResult] = useState<TtsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [play, setPlay] = useState<{ state: PlayerState; position: number; duration: number }>({ state: 'idle', position: 0, duration: 0 });
  const [encoding, setEncoding] = useState(false);
  const [previewing, setPreviewing] = useState<TtsVoice | null>(null);
  const player = useRef<ChunkPlayer | null>(null);
  const recording = useRef(new Recording());
  const abort = useRef<AbortController | null>(null);
  const preview = useRef<HTMLAudioElement | null>(null);
  const playerRef = useRef<HTMLElement>(null);
  // bring the player into view when a recording starts (below the fold on a phone)
  // (focus stays on the controls: the player is not a result yet, and Stop is beside Generate)
  const reveal = () => revealResult(playerRef, { block: 'nearest', focus: false });
  const { user, limit, words, over } = useWordLimit(text);
  const offline = (result?.engine ?? status.data?.engine ?? 'offline') === 'offline';
  const engineLabel = result?.engineLabel ?? status.data?.engineLabel;

  const sync = useCallback(() => {
    const p = player.current;
    if (p) setPlay({ state: p.tick(), position: p.position, duration: p.duration });
  }, []);

  // the clock of the progress bar, while something plays or arrives
  const active = phase === 'generating' || play.state === 'playing';
  useEffect(() => {
    if (!active) return;
    const id = setInterval(sync, 200);
    return () => clearInterval(id);
  }, [active, sync]);

  useEffect(
    () => () => {
      abort.current?.abort();
      player.current?.close();
      preview.current?.pause();
    },
    [],
  );

  const stop = useCallback(() => {
    if (abort.current) {
      abort.current.abort();
      abort.current = null;
    }
    player.current?.stop();
    sync();
  }, [sync]);

  // Escape stops playback (and a generation in progress) from anywhere on the page
  const stoppable = phase === 'generating' || play.state === 'playing' || play.state === 'paused';
  useEffect(() => {
    if (!stoppable) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') stop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [stoppable, stop]);

  function start(): ChunkPlayer {
    preview.current?.pause();
    abort.current?.abort();
    const p = (player.current ??= new ChunkPlayer());
    p.prepare();
    p.reset();
    recording.current = new Recording();
    setResult(null);
    setError(null);
    setProgress({ received: 0, total: 0 });
    setPlay({ state: 'idle', position: 0, duration: 0 });
    return p;
  }

  function failed(err: unknown) {
    const message = messageOf(err, 'Failed to generate speech. Please try again.');
    setError(message);
    setPhase('error');
    toast({ title: 'Speech Generation Failed', description: message, variant: 'destructive' });
  }

  /** Speak the typed text, or an uploaded file (whose text then fills the box), playing each chunk as it arrives. */
  async function generate(file?: File) {
    if (phase === 'generating' || (!file && (words === 0 || over))) return;
    const p = start();
    const ac = new AbortController();
    abort.current = ac;
    setUploading(Boolean(file));
    setPhase('generating');
    reveal();
    let first = true;
    const onChunk = (chunk: TtsChunk) => {
      setProgress({ received: chunk.index + 1, total: chunk.total });
      const bytes = recording.current.add(chunk.audio);
      void p.add(bytes).then(() => {
        if (first && !ac.signal.aborted) p.play();
        first = false;
        sync();
      });
    };
    try {
      const opts = { voice, speed, pauseMs };
      const r = file ? await streamFile(file, opts, onChunk, ac.signal) : await streamSpeech(text, opts, onChunk, ac.signal);
      if (file && typeof r.text === 'string') setText(r.text);
      p.complete = true;
      setResult(r);
      setPhase('done');
    } catch (err) {
      if (ac.signal.aborted) setPhase('stopped');
      else failed(err);
    } finally {
      if (abort.current === ac) abort.current = null;
      setUploading(false);
      sync();
    }
  }

  function togglePlay() {
    const p = player.current;
    if (!p) return;
    if (p.state === 'playing') p.pause();
    else {
      p.prepare();
      p.play();
    }
    sync();
  }

  function playPreview(v: TtsVoice) {
    preview.current?.pause();
    if (previewing === v) {
      setPreviewing(null);
      return;
    }
    const audio = new Audio(previewUrl(v));
    preview.current = audio;
    setPreviewing(v);
    audio.onended = () => setPreviewing((cur) => (cur === v ? null : cur));
    audio.play().catch(() => {
      setPreviewing(null);
      toast({ title: 'Preview Failed', description: 'The voice preview could not be played. Please try again.', variant: 'destructive' });
    });
  }

  async function download(kind: 'wav' | 'mp3') {
    const rec = recording.current;
    if (rec.empty) return;
    const name = `speech-${voice}.${kind}`;
    if (kind === 'wav') return saveBlob(rec.wav(), name);
    setEncoding(true);
    try {
      saveBlob(await rec.mp3(), name);
    } catch (err) {
      toast({ title: 'MP3 Encoding Failed', description: messageOf(err, 'The MP3 could not be made. Download the WAV instead.'), variant: 'destructive' });
    } finally {
      setEncoding(false);
    }
  }

  const generating = phase === 'generating';
  const shown = phase !== 'idle' && phase !== 'error';
  const genPercent = progress.total ? Math.round((progress.received / progress.total) * 100) : 0;
  const playPercent = play.duration ? Math.min(100, Math.round((play.position / play.duration) * 100)) : 0;

  return (
    <ToolPageShell
      title="Text to Speech"
      lead="Turn text into speech with six voices. It starts playing after the first sentence; download the whole recording as WAV or MP3."
    >
      <ToolInputPanel
        id="tts-input"
        label="Text to read aloud"
        value={text}
        onChange={setText}
        placeholder="Paste or type the text to read aloud… Leave a blank line between paragraphs for a pause."
        words={words}
        limit={limit}
        actions={
          generating ? (
            <Button variant="destructive" onClick={stop} aria-label="Stop generating and playing">
              <Square /> Stop
            </Button>
          ) : (
            <Button onClick={() => void generate()} disabled={words === 0 || over || uploading}>
              <Volume2 /> Generate speech
            </Button>
          )
        }
        upload={{ onFile: (f) => void generate(f), disabled: generating, note: ' An uploaded file is read aloud at once.' }}
        onClear={generating ? undefined : () => setText('')}
      />

      {over && (
        <div className="mt-4">
          <WordLimitWarning words={words} limit={limit} anonymous={!user} />
        </div>
      )}

      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <fieldset className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
          <legend className="sr-only">Voice</legend>
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold" aria-hidden>
              Voice
            </h2>
            {engineLabel && (
              <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-status">
                <Cpu className="size-3" aria-hidden /> {engineLabel}
              </span>
            )}
          </div>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="radiogroup" aria-label="Voice">
            {TTS_VOICES.map((v) => {
              const info = VOICE_INFO[v];
              const checked = v === voice;
              return (
                <div
                  key={v}
                  className={cn(
                    'flex items-start gap-2 rounded-xl border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    checked ? 'border-primary bg-accent/50' : 'hover:bg-muted/50',
                  )}
                >
                  <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-2">
                    <input
                      type="radio"
                      name="tts-voice"
                      value={v}
                      checked={checked}
                      onChange={() => setVoice(v)}
                      className="mt-1 size-4 accent-primary"
                      aria-describedby={`tts-voice-${v}-desc`}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium">{title(v)}</span>
                      <span id={`tts-voice-${v}-desc`} className="block text-xs text-muted-foreground">
                        {info.description}
                        {offline && <span className="block">Offline: {info.offline}</span>}
                      </span>
                    </span>
                  </label>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => playPreview(v)}
                    aria-label={previewing === v ? `Stop the ${title(v)} preview` : `Preview ${title(v)}`}
                    className="shrink-0"
                  >
                    {previewing === v ? <Square /> : <Play />}
                  </Button>
                </div>
              );
            })}
          </div>
        </fieldset>

        <div className="space-y-5 rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
          <h2 className="text-base font-semibold">Delivery</h2>
          <div>
            <div className="flex items-baseline justify-between">
              <label htmlFor="tts-speed" className="text-sm font-medium">
                Speed
              </label>
              <output htmlFor="tts-speed" className="text-sm tabular-nums text-muted-foreground">
                {speed.toFixed(2)}×
              </output>
            </div>
            <input
              id="tts-speed"
              type="range"
              min={TTS_MIN_SPEED}
              max={TTS_MAX_SPEED}
              step={0.05}
              value={speed}
              onChange={(e) => setSpeed(Number(e.target.value))}
              className="mt-2 w-full accent-primary"
              aria-valuetext={`${speed.toFixed(2)} times`}
            />
            <div className="flex justify-between text-xs text-muted-foreground">
              <span>Slower</span>
              <span>Faster</span>
            </div>
          </div>
          <div>
            <div className="flex items-baseline justify-between">
              <label htmlFor="tts-pause" className="text-sm font-medium">
                Pause between paragraphs
              </label>
              <output htmlFor="tts-pause" className="text-sm tabular-nums text-muted-foreground">
                {(pauseMs / 1000).toFixed(1)} s
              </output>
            </div>
            <input
              id="tts-pause"
              type="range"
              min={0}
              max={TTS_MAX_PAUSE_MS}
              step={100}
              value={pauseMs}
              onChange={(e) => setPauseMs(Number(e.target.value))}
              className="mt-2 w-full accent-primary"
              aria-valuetext={`${(pauseMs / 1000).toFixed(1)} seconds`}
            />
          </div>
          <p className="text-xs text-muted-foreground">Press Escape to stop playback.</p>
        </div>
      </div>

      {phase === 'error' && error && (
        <div role="alert" className="mt-4 flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{error}</p>
        </div>
      )}

      {!shown && phase !== 'error' && (
        <p className="mt-4 rounded-2xl border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="tts-empty">
          Your audio plays here as it is generated. Choose a voice, then press Generate speech.
        </p>
      )}

      {shown && (
        <section ref={playerRef} aria-labelledby="tts-player-title" className="mt-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid="tts-player">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="tts-player-title" className="text-lg font-semibold">
              {title(result?.voice ?? voice)} · {(result?.speed ?? speed).toFixed(2)}×
            </h2>
            {(result?.engineLabel ?? engineLabel) && (
              <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-label">
                <Cpu className="size-3" aria-hidden /> {result?.engineLabel ?? engineLabel}
              </span>
            )}
          </div>

          {generating && (
            <div className="mt-3" aria-live="polite">
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner />
                {uploading && !progress.total
                  ? 'Reading the file…'
                  : progress.total
                    ? `Generating sentence ${Math.min(progress.received + 1, progress.total)} of ${progress.total}…`
                    : 'Generating the first sentence…'}
              </p>
              <div
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-label="Generation"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={genPercent}
              >
                <div className="h-full bg-primary/60 transition-all" style={{ width: `${genPercent}%` }} />
              </div>
            </div>
          )}

          {phase === 'stopped' && (
            <p className="mt-3 text-sm text-muted-foreground" role="status">
              Stopped after {progress.received} of {progress.total || '?'} sentences. Generate again for the whole recording and its downloads.
            </p>
          )}
          {result?.notice && (
            <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" role="status">
              {result.notice}
            </p>
          )}

          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button onClick={togglePlay} disabled={play.duration === 0} aria-label={play.state === 'playing' ? 'Pause' : 'Play'} data-testid="tts-play">
              {play.state === 'playing' ? <Pause /> : <Play />}
              {play.state === 'playing' ? 'Pause' : 'Play'}
            </Button>
            <Button variant="outline" onClick={stop} disabled={play.state === 'idle' && !generating} aria-label="Stop playback">
              <Square /> Stop
            </Button>
            <span className="text-sm tabular-nums text-muted-foreground" data-testid="tts-time">
              {formatTime(play.position)} / {formatTime(result?.durationSeconds ?? play.duration)}
            </span>
          </div>
          <div
            className="mt-3 h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Playback"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={playPercent}
          >
            <div className="h-full bg-primary" style={{ width: `${playPercent}%` }} />
          </div>

          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void download('wav')} disabled={phase !== 'done'}>
              <Download /> Download WAV
            </Button>
            <Button variant="outline" size="sm" onClick={() => void download('mp3')} disabled={phase !== 'done' || encoding}>
              <BusyLabel busy={encoding} label="Encoding MP3…">
                <Download /> Download MP3
              </BusyLabel>
            </Button>
            {result && (
              <span className="self-center text-xs text-muted-foreground">
                {result.chunks} {result.chunks === 1 ? 'part' : 'parts'}, {formatTime(result.durationSeconds)} at {result.sampleRate / 1000} kHz
              </span>
            )}
          </div>
        </section>
      )}
    </ToolPageShell>
  );
}
