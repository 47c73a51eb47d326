import { describe, expect, it } from 'vitest';
import { parseTemplate, renderPage, scriptJson } from '../../src/server/page-html';
import { pageMeta } from '../../src/shared/page-meta';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="generic" />
    <title>Veritext</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Veritext needs JavaScript enabled to run.</noscript>
  </body>
</html>`;

const meta = pageMeta('/pricing', { origin: 'https://example.test', siteName: 'Veritext' });

describe('page HTML', () => {
  it('sends the empty shell with the page head when there is no body', () => {
    const html = renderPage(parseTemplate(SHELL), meta, 'Veritext');
    expect(html).toContain('<title>Pricing | Veritext');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<noscript>');
    expect(html).not.toContain('vt-ssr-data');
  });

  it('puts a prerendered body inside #root, with the data it was rendered with, and drops the noscript notice', () => {
    const body = { html: '<main id="main"><h1>Pricing</h1></main>', queries: [{ key: ['/api/site'], data: { siteName: 'Veritext' } }] };
    const html = renderPage(parseTemplate(SHELL), meta, 'Veritext', body);
    expect(html).toContain('<div id="root"><main id="main"><h1>Pricing</h1></main></div>');
    expect(html).toContain('<script id="vt-ssr-data" type="application/json">[{"key":["/api/site"],"data":{"siteName":"Veritext"}}]</script>');
    expect(html).not.toContain('<noscript>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('escapes the data so a post cannot end the script or open a comment', () => {
    const json = scriptJson({ title: '</script><script>alert(1)</script><!-- \u2028' });
    expect(json).not.toMatch(/<\/?script|<!--|\u2028/);
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script><!-- \u2028' });
  });
});
