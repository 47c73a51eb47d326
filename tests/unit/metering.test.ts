import { describe, expect, it } from 'vitest';
import { addMonth, periodKey } from '../../src/server/services/billing';
import { chargeableCharacters, quotaError, utcDay, type ChargeResult, type PlanContext } from '../../src/server/services/metering';
import { callerWordLimit, checkText, checkToolAccess, STAFF_WORD_LIMIT, type Caller } from '../../src/server/services/tool-gate';

const free: PlanContext = {
  plan: 'free',
  planName: 'Free',
  terms: { monthlyCharacters: 50_000, wordLimit: 2_000, dailyDetections: 5 },
  periodKey: '2026-11-01T00:00:00Z',
  periodEnd: new Date('2026-12-01T00:00:00Z'),
};
const refused = (r: Partial<ChargeResult>): ChargeResult => ({
  ok: false,
  reason: 'characters',
  fromAllowance: 0,
  fromCredits: 0,
  used: 0,
  credits: 0,
  detections: 0,
  ...r,
});

describe('billing periods', () => {
  it('adds a calendar month, clamping to the last day of shorter months', () => {
    expect(addMonth(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonth(new Date('2028-01-31T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonth(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-31T23:59:59.000Z');
    expect(addMonth(new Date('2026-03-31T00:00:00Z'), -1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('keys a period by its start to the millisecond, and a day in UTC', () => {
    expect(periodKey(new Date('2026-11-23T18:05:07.123Z'))).toBe('2026-11-23T18:05:07.123Z');
    // A period that starts within the same second as the previous one has its own counter.
    expect(periodKey(new Date('2026-11-23T18:05:07.456Z'))).not.toBe(periodKey(new Date('2026-11-23T18:05:07.123Z')));
    expect(utcDay(new Date('2026-11-23T23:30:00-05:00'))).toBe('2026-11-24');
  });
});

describe('metering messages and limits', () => {
  it('counts characters as code points', () => {
    expect(chargeableCharacters('abc')).toBe(3);
    expect(chargeableCharacters('naïve 😀')).toBe(7);
  });

  it('a spent character allowance is a 402 that says how much is left and what to do', () => {
    const err = quotaError(free, refused({ used: 49_900, credits: 0 }), 1_000);
    expect(err.status).toBe(402);
    expect(err.code).toBe('quota_exceeded');
    expect(err.message).toBe(
      'This request needs 1,000 characters, but only 100 of your 50,000 monthly characters on the Free plan are left. ' +
        'Upgrade your plan or buy a Text Boost pack (from $3.49) on the Pricing page to continue, or wait until your allowance renews on 2026-12-01.',
    );
    const agency = quotaError({ ...free, plan: 'agency', planName: 'Agency' }, refused({ used: 50_000, credits: 10 }), 20);
    expect(agency.message).toMatch(/and 10 pack characters are left\. Buy a Text Boost pack/);
    expect(agency.message).not.toMatch(/Upgrade/);
  });

  it('spent daily detections are a 429 that suggests upgrading or tomorrow', () => {
    const err = quotaError(free, refused({ reason: 'detections', detections: 5 }), 100);
    expect(err.status).toBe(429);
    expect(err.message).toBe(
      'You have used all 5 detections for today on the Free plan. Upgrade your plan on the Pricing page for more detections a day, or come back tomorrow (UTC).',
    );
  });

  it('takes the word limit from the copied terms; visitors 500; staff the largest', () => {
    const base = { anonId: null, startedAt: 0 };
    const user = { id: 'u', username: 'u', email: 'u@example.com' };
    const planUser: Caller = { ...base, user: { ...user, role: 'basic' }, plan: { ...free, plan: 'basic', terms: { ...free.terms, wordLimit: 3_000 } } };
    expect(callerWordLimit(planUser)).toBe(3_000);
    expect(callerWordLimit({ ...base, user: null, anonId: 'a', plan: null })).toBe(500);
    expect(callerWordLimit({ ...base, user: { ...user, role: 'admin' }, plan: null })).toBe(STAFF_WORD_LIMIT);
    expect(STAFF_WORD_LIMIT).toBe(25_000);
    expect(() => checkText(Array.from({ length: 3_001 }, () => 'w').join(' '), planUser)).toThrow(/limit is 3,000 words per request\. Upgrade your plan/);
    expect(checkText('two words', planUser)).toBe(2);
  });
});

describe('tool access from the catalogue', () => {
  const user = { id: 'u', username: 'u', email: 'u@example.test', role: 'free' } as unknown as NonNullable<Caller['user']>;
  const caller = (plan: PlanContext | null, u: Caller['user'] = user): Caller => ({ user: u, anonId: u ? null : 'anon', plan, startedAt: 0 });

  it('a Pro-only tool is refused to a free account with the plan it needs, and open to Pro and staff', () => {
    expect(() => checkToolAccess('essay_writer', caller(free))).toThrow(/not included in the Free plan: it is available with the Pro plan or higher/);
    expect(() => checkToolAccess('essay_writer', caller({ ...free, plan: 'pro', planName: 'Pro' }))).not.toThrow();
    expect(() => checkToolAccess('essay_writer', caller(null))).not.toThrow(); // staff: no plan
    expect(() => checkToolAccess('essay_writer', caller(null, null))).toThrow(/Please log in to use the Essay Writer/);
  });

  it('open tools are open to every plan and to visitors', () => {
    for (const plan of ['free', 'basic', 'pro', 'agency'] as const) expect(() => checkToolAccess('ai_humanizer', caller({ ...free, plan }))).not.toThrow();
    expect(() => checkToolAccess('ai_content_detector', caller(null, null))).not.toThrow();
  });
});
