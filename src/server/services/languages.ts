import type { LanguageRow, LanguagesResponse } from '../../shared/api/admin-settings';
import { TOOLS } from '../../shared/catalogue';
import type { ServerContext } from '../context';
import { getSettings } from './settings';

/**
 * Language Support (read-only): what each tool's engine on this server handles. Written from the engines
 * themselves (src/engines/*), not from marketing: the offline engines are built on English resources (phrase
 * tables, WordNet, an English dictionary, English stop words and a detector trained on English text). With a
 * language model configured, the writing tools answer in the language of the input (their prompts say so,
 * src/engines/llm/prompts.ts), and fall back to the English engine when the model fails.
 */

interface EngineFacts {
  offline: { engine: string; languages: string[]; notes: string } | null;
  /** Uses the language model when one is configured. */
  llm: boolean;
}

const FACTS: Record<string, EngineFacts> = {
  ai_content_detector: {
    offline: {
      engine: 'Veritext detector (offline)',
      languages: ['English'],
      notes: 'Features, lexicon and character model are trained and calibrated on English text; scores for other languages are not reliable.',
    },
    llm: false,
  },
  chatgpt_detector: {
    offline: { engine: 'Veritext detector (offline)', languages: ['English'], notes: 'The same engine as the AI Content Detector.' },
    llm: false,
  },
  ai_humanizer: {
    offline: { engine: 'Offline humanizer', languages: ['English'], notes: 'English phrase tables, WordNet-vetted synonyms and English contractions.' },
    llm: true,
  },
  ai_rewriter: {
    offline: { engine: 'Offline rewriter', languages: ['English'], notes: 'Built on the humanizer’s English tables plus English tone rules.' },
    llm: true,
  },
  ai_summarizer: {
    offline: {
      engine: 'Offline extractive summarizer',
      languages: ['English'],
      notes: 'Picks sentences of the input (TextRank); its stop-word list and sentence rules are English, so other languages get weaker summaries.',
    },
    llm: true,
  },
  sentence_shortener: {
    offline: { engine: 'Offline sentence shortener', languages: ['English'], notes: 'English wordy-phrase, filler and redundancy tables.' },
    llm: true,
  },
  text_expander: { offline: null, llm: true },
  grammar_fixer: {
    offline: { engine: 'harper.js + retext (offline)', languages: ['English'], notes: 'English grammar rules and an English (en) spelling dictionary.' },
    llm: false,
  },
  text_to_speech: {
    offline: {
      engine: 'Flite voices (offline)',
      languages: ['English'],
      notes:
        'Flite’s US English voices and lexicon; other languages are read with English letter-to-sound rules. A provider set with TTS_BASE_URL speaks what it supports.',
    },
    llm: false,
  },
  plagiarism_checker: {
    offline: {
      engine: 'Reference library (offline)',
      languages: ['English'],
      notes: 'Matching works on any text written with spaces between words, but stop words and stemming are English; the starter library is English.',
    },
    llm: false,
  },
};

const LLM_NOTE = 'Answers in the language of the input when the language model handles it; falls back to the English engine if the model fails.';

export async function languageSupport(ctx: ServerContext): Promise<LanguagesResponse> {
  const { disabledTools } = await getSettings(ctx.db);
  const llm = ctx.llm !== null;
  const tools: LanguageRow[] = TOOLS.filter((t) => !t.comingSoon).map((t) => {
    const facts = FACTS[t.id];
    const base = { toolId: t.id, toolName: t.name, enabled: !disabledTools.includes(t.id) };
    if (!facts) return { ...base, engine: 'Not installed on this server', languages: [], notes: 'This tool has no engine on this server yet.' };
    if (llm && facts.llm) {
      return {
        ...base,
        engine: `Language model (${ctx.llm!.model})`,
        languages: ['Language of the input'],
        notes: facts.offline ? LLM_NOTE : 'Answers in the language of the input when the language model handles it; there is no offline engine.',
      };
    }
    if (!facts.offline)
      return {
        ...base,
        engine: 'Needs a language model',
        languages: [],
        notes: 'No language model is configured on this server, so the tool answers that it is unavailable.',
      };
    return { ...base, ...facts.offline };
  });
  return { languageModel: llm, tools };
}
