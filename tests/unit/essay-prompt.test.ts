import { describe, expect, it } from 'vitest';
import { buildOutline, CITATION_NEEDED, essayPrompt, outlineToText, type EssayPromptInput } from '../../src/engines/essay';

const input: EssayPromptInput = {
  topic: 'Remote work and productivity',
  thesis: 'Remote work raises productivity for focused tasks but weakens mentoring.',
  type: 'argumentative',
  level: 'graduate',
  words: 1200,
  citationStyle: 'apa',
  sources: 'Bloom, N. (2015). Does working from home work? Quarterly Journal of Economics, 130(1).',
};
const prompt = (i: EssayPromptInput) => {
  const [system, user] = essayPrompt(i, buildOutline(i));
  return { system: system.content, user: user.content };
};

describe('essay prompt', () => {
  it('carries the type, level, length, topic, thesis, sources and the outline', () => {
    const { system, user } = prompt(input);
    expect(system).toMatch(/argumentative essays/);
    expect(system).toMatch(/graduate level/);
    expect(system).toContain('1080 to 1320 words');
    expect(user).toContain('<topic>\nRemote work and productivity\n</topic>');
    expect(user).toContain(input.thesis);
    expect(user).toContain(`<sources>\n${input.sources}\n</sources>`);
    expect(user).toContain(outlineToText(buildOutline(input)));
  });

  it('allows only the given sources, and never invented ones', () => {
    const { system } = prompt(input);
    expect(system).toContain('APA (7th ed.)');
    expect(system).toMatch(/Cite ONLY the sources listed between <sources> tags/);
    expect(system).toMatch(/Never invent a source, author, title, year, page number, URL, statistic or quotation/);
    expect(system).toContain(CITATION_NEEDED);
    expect(system).toContain('"References" section');
  });

  it('without sources, asks for markers where citations are needed and no reference list', () => {
    const { system, user } = prompt({ ...input, citationStyle: 'mla', sources: '' });
    expect(system).toMatch(/No sources were provided, so cite nothing/);
    expect(system).toContain(`write ${CITATION_NEEDED} right after the claim`);
    expect(system).toMatch(/Do not add a Works Cited list/);
    expect(user).not.toContain('<sources>');
  });

  it('with no citation style, forbids citations and invented facts alike', () => {
    const { system } = prompt({ ...input, citationStyle: 'none' });
    expect(system).toMatch(/Do not use citations or a reference list/);
    expect(system).toMatch(/Never invent statistics, studies, quotations or named sources/);
  });

  it('names each citation style by its own rules', () => {
    expect(prompt({ ...input, citationStyle: 'chicago' }).system).toContain('Chicago (author-date)');
    expect(prompt({ ...input, citationStyle: 'harvard' }).system).toContain('"Reference list" section');
  });

  it('asks the model to choose a thesis when none is given', () => {
    const { system, user } = prompt({ ...input, thesis: '' });
    expect(system).toMatch(/Choose a clear thesis/);
    expect(user).not.toContain('<thesis>');
  });
});
