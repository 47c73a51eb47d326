import { describe, expect, it } from 'vitest';
import { keywordGroupPrompt, MAX_GROUPS, parseKeywordGroups } from '../../src/engines/keywords/prompt';

const PHRASES = ['solar panels', 'battery storage', 'electricity bills', 'installation cost', 'grid'];

describe('keyword group prompt', () => {
  it('numbers the keyphrases, names the four intents and asks for JSON by number', () => {
    const [system, user] = keywordGroupPrompt('Solar panels convert sunlight.', PHRASES);
    for (const intent of ['informational', 'navigational', 'commercial', 'transactional']) expect(system!.content).toContain(intent);
    expect(system!.content).toContain('refer to them by number');
    expect(user!.content).toContain('1. solar panels\n2. battery storage');
    expect(user!.content).toContain('5. grid');
    expect(user!.content).toContain('Solar panels convert sunlight.');
  });
});

describe('parseKeywordGroups', () => {
  it('maps numbers to the given keyphrases, in a fenced answer too', () => {
    const answer =
      'Here you go:\n```json\n{"groups":[{"topic":"Solar hardware","intent":"Commercial","keyphrases":[1,2]},{"topic":"Costs","intent":"informational","keyphrases":["3", 4]}]}\n```';
    expect(parseKeywordGroups(answer, PHRASES)).toEqual([
      { topic: 'Solar hardware', intent: 'commercial', keyphrases: ['solar panels', 'battery storage'] },
      { topic: 'Costs', intent: 'informational', keyphrases: ['electricity bills', 'installation cost'] },
    ]);
  });

  it('drops invented phrases, out-of-range numbers, repeats, unknown intents and empty groups', () => {
    const answer = JSON.stringify({
      groups: [
        { topic: 'Energy', intent: 'informational', keyphrases: [1, 9, 0, 'wind turbines', 'GRID', 1] },
        { topic: 'Again', intent: 'commercial', keyphrases: [1, 5] },
        { topic: 'Weird', intent: 'emotional', keyphrases: [2] },
        { topic: '', intent: 'commercial', keyphrases: [3] },
        { topic: 'Made up', intent: 'transactional', keyphrases: ['buy solar now'] },
      ],
    });
    expect(parseKeywordGroups(answer, PHRASES)).toEqual([{ topic: 'Energy', intent: 'informational', keyphrases: ['solar panels', 'grid'] }]);
  });

  it('answers no groups for prose, broken JSON or a wrong shape, and caps the number of groups', () => {
    expect(parseKeywordGroups('Solar panels are about energy.', PHRASES)).toEqual([]);
    expect(parseKeywordGroups('{"groups": [', PHRASES)).toEqual([]);
    expect(parseKeywordGroups('{"groups": "none"}', PHRASES)).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const groups = Array.from({ length: 20 }, (_, i) => ({ topic: `T${i}`, intent: 'informational', keyphrases: [i + 1] }));
    expect(parseKeywordGroups(JSON.stringify({ groups }), many)).toHaveLength(MAX_GROUPS);
  });
});
