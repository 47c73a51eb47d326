import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const text = readFileSync('/tmp/exp/ai1.txt', 'utf8');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, vp] of [['phone', { width: 390, height: 844 }], ['desk', { width: 1280, height: 900 }]] as const) {
  const p = await b.newPage({ viewport: vp });
  await p.goto('http://127.0.0.1:4599/tools/ai-content-detector');
  await p.getByLabel('Text to analyze').fill(text);
  await p.getByRole('button', { name: 'Detect AI' }).click();
  await p.getByTestId('detector-result').waitFor();
  await p.waitForTimeout(800);
  await p.getByTestId('detector-result').screenshot({ path: `/tmp/exp/det-${name}.png` });
  await p.close();
}
await b.close();
