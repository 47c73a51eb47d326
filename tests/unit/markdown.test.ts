import { describe, expect, it } from 'vitest';
import { markdownToText, parseInline, parseMarkdown, safeHref, truncateText } from '../../src/shared/markdown';
import { slugify } from '../../src/shared/api/blog';
import { BLOG_SAMPLES } from '../../src/shared/blog-samples';

describe('parseMarkdown blocks', () => {
  it('parses headings, paragraphs, lists, quotes, code and rules', () => {
    const md = [
      '# Title #',
      '',
      'First line',
      'second line.',
      '',
      '- one',
      '- two',
      '  continued',
      '',
      '3. three',
      '4. four',
      '',
      '> quoted **text**',
      '> more',
      '',
      '```ts',
      'const a = <b>1</b>;',
      '',
      '# not a heading',
      '```',
      '',
      '---',
      '###### Six',
    ].join('\n');
    expect(parseMarkdown(md)).toEqual([
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'Title' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'First line\nsecond line.' }] },
      { type: 'list', ordered: false, start: 1, items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two continued' }]] },
      { type: 'list', ordered: true, start: 3, items: [[{ type: 'text', text: 'three' }], [{ type: 'text', text: 'four' }]] },
      {
        type: 'quote',
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'quoted ' },
              { type: 'strong', children: [{ type: 'text', text: 'text' }] },
              { type: 'text', text: '\nmore' },
            ],
          },
        ],
      },
      { type: 'code', lang: 'ts', text: 'const a = <b>1</b>;\n\n# not a heading' },
      { type: 'rule' },
      { type: 'heading', level: 6, children: [{ type: 'text', text: 'Six' }] },
    ]);
  });

  it('keeps a loose list (blank lines between items) as one list, and a heading without a space as text', () => {
    const blocks = parseMarkdown('- a\n\n- b\n\n#hashtag');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({ type: 'list', items: [[{ text: 'a' }], [{ text: 'b' }]] });
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: '#hashtag' }] });
  });

  it('handles Windows line endings and an unclosed fence', () => {
    expect(parseMarkdown('## A\r\n\r\ntext')).toHaveLength(2);
    expect(parseMarkdown('```\ncode to the end')).toEqual([{ type: 'code', lang: '', text: 'code to the end' }]);
  });

  it('treats raw HTML as text: nothing in the tree can carry markup', () => {
    const blocks = parseMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] },
      { type: 'paragraph', children: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('parses emphasis, strong, code and links, nested', () => {
    expect(parseInline('a *em* __strong__ `co*de*` [**bold** link](https://x.org/a_(b)) z')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'em', children: [{ type: 'text', text: 'em' }] },
      { type: 'text', text: ' ' },
      { type: 'strong', children: [{ type: 'text', text: 'strong' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'co*de*' },
      { type: 'text', text: ' ' },
      {
        type: 'link',
        href: 'https://x.org/a_(b)',
        children: [
          { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
          { type: 'text', text: ' link' },
        ],
      },
      { type: 'text', text: ' z' },
    ]);
    expect(parseInline('***both***')).toEqual([{ type: 'strong', children: [{ type: 'em', children: [{ type: 'text', text: 'both' }] }] }]);
  });

  it('leaves unmatched markers, snake_case and spaced asterisks alone', () => {
    expect(parseInline('2 * 3 * 4')).toEqual([{ type: 'text', text: '2 * 3 * 4' }]);
    expect(parseInline('snake_case_name and *open')).toEqual([{ type: 'text', text: 'snake_case_name and *open' }]);
    expect(parseInline('[not a link] (x)')).toEqual([{ type: 'text', text: '[not a link] (x)' }]);
    expect(parseInline('\\*literal\\*')).toEqual([{ type: 'text', text: '*literal*' }]);
  });

  it('renders unsafe link targets as their text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:x', 'data:text/html,<b>', 'vbscript:x', '//evil.example/x']) {
      expect(parseInline(`[click](${href})`), href).toEqual([{ type: 'text', text: 'click' }]);
    }
    expect(parseInline('[ok](/tools "Tools")')).toEqual([{ type: 'link', href: '/tools', children: [{ type: 'text', text: 'ok' }] }]);
    expect(safeHref('mailto:a@b.org')).toBe('mailto:a@b.org');
    expect(safeHref('#section')).toBe('#section');
    expect(safeHref('https://example.org')).toBe('https://example.org');
  });
});

describe('markdownToText, truncateText and slugify', () => {
  it('keeps the words and drops the syntax', () => {
    expect(markdownToText('## Head\n\nSome **bold** and [a link](https://x.org).\n\n- one\n- two\n\n---')).toBe('Head\n\nSome bold and a link.\n\none\ntwo');
  });

  it('cuts at a word boundary with an ellipsis', () => {
    expect(truncateText('short', 120)).toBe('short');
    const cut = truncateText('word '.repeat(60), 120);
    expect(cut.length).toBeLessThanOrEqual(121);
    expect(cut.endsWith('word…')).toBe(true);
    expect(truncateText('Ends with a comma, then more words here', 20)).toBe('Ends with a comma…');
  });

  it('slugifies titles', () => {
    expect(slugify('  Hello, World!  ')).toBe('hello-world');
    expect(slugify('Crème brûlée & tea')).toBe('creme-brulee-and-tea');
    expect(slugify('!!!')).toBe('');
    expect(slugify('a'.repeat(100)).length).toBe(80);
  });

  it('the built-in posts are valid: unique slugs, headings and paragraphs, safe links only', () => {
    expect(new Set(BLOG_SAMPLES.map((s) => s.slug)).size).toBe(3);
    for (const s of BLOG_SAMPLES) {
      expect(slugify(s.title)).toBe(s.slug);
      const blocks = parseMarkdown(s.content);
      expect(blocks.some((b) => b.type === 'heading')).toBe(true);
      expect(markdownToText(s.content).split(/\s+/).length).toBeGreaterThan(300);
      expect(s.content).not.toMatch(/\]\((?!\/|https?:)/);
    }
  });
});
