import { describe, expect, it } from 'vitest';
import { isPlanLimitError, keepToast, type QuotaHit } from '../../src/client/features/billing/quota';
import { ApiError } from '../../src/client/lib/api';

const body = (code: string, message: string) => JSON.stringify({ error: { code, message }, message });
const hit: QuotaHit = { code: 'quota_exceeded', message: 'Only 12 of your 50,000 monthly characters are left.', pathname: '/tools/ai-summarizer', at: 1_000 };

describe('one message per over-limit answer', () => {
  it("drops the page's failure toast that repeats the banner's message, while the banner is shown", () => {
    const failed = { title: 'AI Summarizer Failed', description: hit.message, variant: 'destructive' as const };
    expect(keepToast(failed, hit, 1_050, true)).toBe(false);
    // No banner on screen: the toast is the only place the message appears, so it stays.
    expect(keepToast(failed, hit, 1_050, false)).toBe(true);
    // Another failure, a later one, or a success toast are not touched.
    expect(keepToast({ ...failed, description: 'Network issue' }, hit, 1_050, true)).toBe(true);
    expect(keepToast(failed, hit, 10_000, true)).toBe(true);
    expect(keepToast({ title: 'Copied to clipboard' }, hit, 1_050, true)).toBe(true);
    expect(keepToast(failed, null, 1_050, true)).toBe(true);
  });

  it("counts 402 quota_exceeded and a logged-in user's 429 limit_reached; a visitor's 429 keeps its own limit toast", () => {
    expect(isPlanLimitError(new ApiError(402, body('quota_exceeded', 'x'), 'Payment Required'), true)).toBe(true);
    expect(isPlanLimitError(new ApiError(429, body('limit_reached', 'x'), 'Too Many Requests'), true)).toBe(true);
    expect(isPlanLimitError(new ApiError(429, body('limit_reached', 'x'), 'Too Many Requests'), false)).toBe(false);
    expect(isPlanLimitError(new ApiError(429, body('rate_limited', 'x'), 'Too Many Requests'), true)).toBe(false);
    expect(isPlanLimitError(new ApiError(500, body('internal', 'x'), 'Error'), true)).toBe(false);
  });
});
