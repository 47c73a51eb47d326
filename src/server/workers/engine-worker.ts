/**
 * The engine worker: runs one offline engine call at a time for the engine pool (src/server/engine-pool.ts), off the
 * main thread, so a slow or hostile input never blocks the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { detect } from '../../engines/detector';
import { generateHashtags } from '../../engines/hashtags';
import { humanize } from '../../engines/humanizer';
import { extractKeyphrases } from '../../engines/keywords';
import { extractMetaDescription } from '../../engines/meta-description';
import { explainOrRefuse } from '../../engines/code';
import { indexDocument } from '../../engines/plagiarism';
import { rewrite } from '../../engines/rewriter';
import { shorten } from '../../engines/sentence-shortener';
import { analyzeSeo } from '../../engines/seo-score';
import { summarize } from '../../engines/summarizer';
import { synthesizePiece } from '../../engines/tts';
import { encodeMp3 } from '../../engines/tts/mp3';
import { captionImage } from '../../engines/vision';
import { deepfakeJob } from '../../engines/deepfake';
import { decodeForTranscription } from '../../engines/stt/decode';
import type { EngineJobs } from '../engine-pool';

const JOBS: { [K in keyof EngineJobs]: (args: EngineJobs[K]['args']) => EngineJobs[K]['result'] | Promise<EngineJobs[K]['result']> } = {
  detect: ({ text }) => detect(text),
  detectScores: ({ texts }) => texts.map((t) => detect(t).score),
  humanize: ({ text, style }) => humanize(text, { style }),
  rewrite: ({ text, tone }) => rewrite(text, { tone }),
  summarize: ({ text, length, format }) => summarize(text, { length, format }),
  shorten: ({ text }) => shorten(text),
  indexDocument: ({ text }) => indexDocument(text),
  explainCode: ({ code, opts }) => explainOrRefuse(code, opts),
  ttsPiece: ({ text, voice, speed }) => synthesizePiece(text, voice, speed),
  ttsMp3: (pcm) => encodeMp3(pcm),
  seoScore: (input) => analyzeSeo(input),
  keyphrases: ({ text, opts }) => extractKeyphrases(text, opts),
  hashtags: ({ text, max, opts }) => generateHashtags(extractKeyphrases(text, { max }).keyphrases, opts),
  metaDescription: ({ text, opts }) => extractMetaDescription(text, opts),
  captionImage: ({ bytes, jpeg }) => captionImage(bytes, { jpeg }),
  deepfakeScan: ({ bytes, faces, providerCopy }) => deepfakeJob(bytes, { faces, providerCopy }),
  sttDecode: ({ bytes, maxSeconds }) => decodeForTranscription(bytes, maxSeconds),
  // for the pool's own tests: keep the thread busy, or allocate until the heap limit stops it
  spin: ({ ms }) => {
    const end = Date.now() + ms;
    let n = 0;
    while (Date.now() < end) n++;
    return n;
  },
  hog: () => {
    const keep: number[][] = [];
    for (;;) keep.push(new Array<number>(1e6).fill(keep.length));
  },
};

interface Request {
  id: number;
  job: keyof EngineJobs;
  args: never;
}

parentPort!.on('message', async (m: Request) => {
  try {
    // most jobs are synchronous; the MP3 encoder's setup is a promise
    const result = await JOBS[m.job](m.args);
    parentPort!.postMessage({ id: m.id, ok: true, result });
  } catch (err) {
    parentPort!.postMessage({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort!.postMessage({ ready: true });
