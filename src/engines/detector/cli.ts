/**
 * `npm run detect -- FILE…` — prints one JSON line per file: {file, ...DetectionResult}.
 * Reads stdin when no file (or "-") is given.
 */
import { readFileSync } from 'node:fs';
import { detect } from './index';

const files = process.argv.slice(2);
if (files.length === 0) files.push('-');
let failed = false;
for (const file of files) {
  try {
    const text = readFileSync(file === '-' ? 0 : file, 'utf8');
    process.stdout.write(JSON.stringify({ file, ...detect(text) }) + '\n');
  } catch (err) {
    failed = true;
    process.stdout.write(JSON.stringify({ file, error: (err as Error).message }) + '\n');
  }
}
process.exitCode = failed ? 1 : 0;
