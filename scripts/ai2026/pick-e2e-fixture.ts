/**
 * Writes e2e/samples/heldout-default.txt: the end-to-end test's AI document. The rule was fixed before the detector was
 * trained on the corpus and is never changed to make the test pass: the default-voice document of the held-out genre
 * 'business-memo' with the lowest id among those of 150 to 500 words.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELD_OUT_GENRES, readCorpus } from './corpus';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const GENRE = 'business-memo';
if (!HELD_OUT_GENRES.has(GENRE)) throw new Error(`${GENRE} is no longer a held-out genre`);
const pick = readCorpus()
  .filter((r) => r.genre === GENRE && r.voice === 'default' && r.words >= 150 && r.words <= 500)
  .sort((a, b) => (a.id < b.id ? -1 : 1))[0];
if (!pick) throw new Error(`no default-voice ${GENRE} document of 150-500 words`);
const out = join(root, 'e2e', 'samples', 'heldout-default.txt');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, pick.text!.trim() + '\n');
console.log(`${pick.id} (${pick.words} words) -> ${out}`);
