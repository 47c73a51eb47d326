import { describe, expect, it } from 'vitest';
import { offlinePageKind } from '../../src/shared/offline-pages';
import { parseShareFragment, shareFragment, SHARE_MAX_ENCODED } from '../../src/shared/share-target';

describe('offlinePageKind: what the service worker keeps for offline reading', () => {
  it('keeps public pages, never tools or private pages', () => {
    for (const p of ['/', '/pricing', '/blog', '/blog/some-post', '/about', '/tools', '/gptzero-alternative']) expect(offlinePageKind(p), p).toBe('public');
    for (const p of ['/tools/ai-content-detector', '/tools/grammar-checker']) expect(offlinePageKind(p), p).toBe('tool');
    for (const p of ['/account', '/history', '/history/abc', '/reports/x', '/r/token', '/admin', '/admin/users', '/login', '/batch', '/search', '/invoices/1'])
      expect(offlinePageKind(p), p).toBe('private');
  });
});

describe('share fragments', () => {
  it('round-trips text with any characters, and messages', () => {
    const text = 'a+b=c & d%20e #hash ünïcödé 😀\nnew line';
    expect(parseShareFragment(`#${shareFragment({ text })}`)).toEqual({ text, truncated: false });
    expect(parseShareFragment(`#${shareFragment({ error: 'No & way' })}`)).toEqual({ error: 'No & way' });
    expect(parseShareFragment('#other=1')).toBeNull();
    expect(parseShareFragment('')).toBeNull();
  });

  it('fits multi-byte text in the budget without splitting a character', () => {
    const text = '😀 '.repeat(40_000);
    const fragment = shareFragment({ text });
    expect(fragment.length).toBeLessThanOrEqual(SHARE_MAX_ENCODED + 'shared=&truncated=1'.length);
    const item = parseShareFragment(fragment) as { text: string; truncated: boolean };
    expect(item.truncated).toBe(true);
    expect(text.startsWith(item.text)).toBe(true);
    expect(item.text.isWellFormed()).toBe(true);
  });
});
