import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
for (const js of [false, true]) {
  for (const [name, vp] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 900 }]]) {
    const ctx = await browser.newContext({ viewport: vp, javaScriptEnabled: js });
    const page = await ctx.newPage();
    for (const [label, p] of [['home', '/'], ['tool', '/tools/ai-content-detector']]) {
      await page.goto(base + p, { waitUntil: 'load' });
      await page.waitForTimeout(js ? 2500 : 300);
      await page.screenshot({ path: `/tmp/pw/${label}-${name}-${js ? 'js' : 'nojs'}.png` });
    }
    await ctx.close();
  }
}
await browser.close();
