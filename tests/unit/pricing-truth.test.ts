import { describe, expect, it } from 'vitest';
import { TOOLS, type Tool } from '../../src/shared/catalogue';
import { DEFAULT_PLANS, FIXED_TOOLS_HIGHLIGHT, planToolsLine } from '../../src/shared/plans';

const tool = (over: Partial<Tool>): Tool => ({
  id: 'x',
  slug: 'x',
  name: 'X',
  description: '',
  category: 'writing',
  icon: '',
  iconColor: '',
  route: '/tools/x',
  aliases: [],
  requiresAuth: true,
  requiredRole: ['pro', 'agency'],
  live: true,
  ...over,
});

describe('/pricing tells the truth about the tools a plan adds', () => {
  it('lists only the live tools the plan is the lowest to unlock, from the catalogue', () => {
    const line = planToolsLine(DEFAULT_PLANS.pro, TOOLS, true)!;
    const expected = TOOLS.filter(
      (t) => t.live && !t.comingSoon && t.id !== 'email_generator' && !t.requiredRole.includes('free') && !t.requiredRole.includes('basic'),
    ).map((t) => t.name);
    expect(expected).toEqual(expect.arrayContaining(['Essay Writer', 'Resume Writer']));
    expect(line).toBe(`Pro-only tools: ${expected.join(', ')}`);
    // speech to text is live here and Pro-only, so it is sold; the e-mail generator's page is a notice that writes nothing, so it is not
    expect(line).toContain('Speech to Text');
    expect(line).not.toMatch(/e-?mail/i);
    expect(planToolsLine(DEFAULT_PLANS.agency, TOOLS, true)).toBeNull();
    expect(planToolsLine(DEFAULT_PLANS.free, TOOLS, true)).toBeNull();
    expect(planToolsLine(DEFAULT_PLANS.basic, TOOLS, true)).toBeNull();
  });

  it('does not sell a tool that needs a language model when none is configured, and says when part of one does', () => {
    const tools = [tool({ name: 'Always', needsModel: 'always' }), tool({ name: 'Partly', needsModel: 'partly' }), tool({ name: 'Offline' })];
    expect(planToolsLine(DEFAULT_PLANS.pro, tools, true)).toBe('Pro-only tools: Always, Partly, Offline');
    expect(planToolsLine(DEFAULT_PLANS.pro, tools, false)).toBe(
      'Pro-only tools: Partly, Offline (their language-model features are not available on this server)',
    );
    expect(planToolsLine(DEFAULT_PLANS.pro, [tool({ needsModel: 'always' })], false)).toBeNull();
    expect(planToolsLine(DEFAULT_PLANS.pro, [tool({ live: false })], true)).toBeNull();
  });

  it('the seeded Pro highlights name no tools, and the old fixed list is recognised to be left out', () => {
    for (const plan of Object.values(DEFAULT_PLANS)) for (const h of plan.highlights) expect(h).not.toMatch(FIXED_TOOLS_HIGHLIGHT);
    expect('Pro-only tools (essay, resume, SEO meta, speech-to-text)').toMatch(FIXED_TOOLS_HIGHLIGHT);
  });

  it('marks the tools that write prose with a language model', () => {
    const needs = Object.fromEntries(TOOLS.filter((t) => t.needsModel).map((t) => [t.id, t.needsModel]));
    expect(needs).toMatchObject({
      text_expander: 'always',
      content_generator: 'always',
      essay_writer: 'partly',
      code_explainer: 'partly',
      meta_description_generator: 'partly',
    });
  });
});
