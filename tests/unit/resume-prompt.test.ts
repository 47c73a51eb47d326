import { describe, expect, it } from 'vitest';
import { bulletRewritePrompt, inventedNumbers, parseBulletRewrite } from '../../src/engines/resume';

describe('bullet rewrite prompt', () => {
  const bullets = ['Responsible for the billing service', 'Worked on reducing latency from 900 ms to 250 ms'];
  const [system, user] = bulletRewritePrompt({ bullets, title: 'Backend Engineer', organization: 'Lumen' });

  it('asks for action verbs, forbids invented numbers and asks for placeholders', () => {
    expect(system.content).toMatch(/strong past-tense action verb/);
    expect(system.content).toMatch(/Never invent numbers, percentages/);
    expect(system.content).toMatch(/placeholder in square brackets .* \[X %\]/);
    expect(system.content).toMatch(/Keep every fact, number, name/);
    expect(system.content).toContain('exactly 2 lines');
  });

  it('sends the bullets and the role, and nothing else', () => {
    expect(user.content).toBe(
      '<role>\nBackend Engineer at Lumen\n</role>\n\n<bullets>\n- Responsible for the billing service\n- Worked on reducing latency from 900 ms to 250 ms\n</bullets>',
    );
  });
});

describe('reading the rewrite', () => {
  it('strips list markers, numbering, blank lines and a preamble', () => {
    expect(parseBulletRewrite('Here are the bullets:\n- Led the billing service\n\n2. Cut latency\n• Shipped [N] releases\n')).toEqual([
      'Led the billing service',
      'Cut latency',
      'Shipped [N] releases',
    ]);
  });

  it('flags figures the original does not have, but not placeholders or figures it has', () => {
    const original = 'Reduced latency from 900 ms to 250 ms\nManaged the 2,500-user rollout';
    expect(inventedNumbers(original, 'Cut p95 latency from 900 ms to 250 ms, by [X %]')).toEqual([]);
    expect(inventedNumbers(original, 'Led a 2500-user rollout')).toEqual([]);
    expect(inventedNumbers(original, 'Cut latency by 72% for 3 teams')).toEqual(['72', '3']);
    expect(inventedNumbers('Improved onboarding', 'Improved onboarding, saving $1.2M')).toEqual(['1.2']);
  });
});
