import { describe, expect, it } from 'vitest';
import { parseTemplate, renderPage, scriptJson } from '../../src/server/page-html';
import { chunkAssets } from '../../src/server/build-assets';
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
    const body = {
      html: '<main id="main"><h1>Pricing</h1></main>',
      queries: [{ key: ['/api/site'], data: { siteName: 'Veritext' } }],
      chunks: [],
      assets: { scripts: [], styles: [] },
    };
    const html = renderPage(parseTemplate(SHELL), meta, 'Veritext', body);
    expect(html).toContain('<div id="root"><main id="main"><h1>Pricing</h1></main></div>');
    expect(html).toContain(
      '<script id="vt-ssr-data" type="application/json">{"queries":[{"key":["/api/site"],"data":{"siteName":"Veritext"}}],"chunks":[],"preload":[]}</script>',
    );
    expect(html).not.toContain('<noscript>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it("lists the page's own chunks for the entry to preload, and fetches scripts after the page's HTML and CSS", () => {
    const body = {
      html: '<main id="main"><h1>Pricing</h1></main>',
      queries: [],
      chunks: ['pages/user/PricingPage.tsx'],
      assets: { scripts: ['/assets/PricingPage-1.js', '/assets/dialog-2.js'], styles: ['/assets/chart-3.css'] },
    };
    const html = renderPage(parseTemplate(SHELL), meta, 'Veritext', body);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/chart-3.css">');
    expect(head).not.toContain('PricingPage-1.js');
    expect(head).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
    expect(html).toContain('"chunks":["pages/user/PricingPage.tsx"],"preload":["/assets/PricingPage-1.js","/assets/dialog-2.js"]');
    // the empty shell's entry keeps its priority: nothing shows until it runs
    expect(renderPage(parseTemplate(SHELL), meta, 'Veritext')).toContain('<script type="module" crossorigin src="/assets/index.js">');
  });

  it('finds the files a module needs in the build manifest, less what the shell links', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
      'app.tsx': { file: 'assets/app.js', imports: ['_react.js', '_query.js'] },
      'pages/user/PricingPage.tsx': { file: 'assets/PricingPage-1.js', imports: ['_query.js', '_chart.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_query.js': { file: 'assets/query.js', imports: ['_react.js'] },
      '_chart.js': { file: 'assets/chart.js', css: ['assets/chart.css'] },
    };
    const shell = '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/react.js">';
    expect(chunkAssets(manifest, ['pages/user/PricingPage.tsx'], shell)).toEqual({
      scripts: ['/assets/PricingPage-1.js', '/assets/query.js', '/assets/chart.js'],
      styles: ['/assets/chart.css'],
    });
    expect(chunkAssets(manifest, ['app.tsx'], shell).scripts).toEqual(['/assets/app.js', '/assets/query.js']);
    expect(chunkAssets(manifest, ['pages/Renamed.tsx'], shell)).toEqual({ scripts: [], styles: [] });
  });

  it('escapes the data so a post cannot end the script or open a comment', () => {
    const json = scriptJson({ title: '</script><script>alert(1)</script><!-- \u2028' });
    expect(json).not.toMatch(/<\/?script|<!--|\u2028/);
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script><!-- \u2028' });
  });
});
