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
  keyword_extractor: {
    offline: {
      engine: 'wink-nlp keyphrases (offline)',
      languages: ['English'],
      notes: 'English part-of-speech model, stop words and stemming; the language model only groups the phrases into topics.',
    },
    llm: false,
  },
  hashtag_generator: {
    offline: { engine: 'wink-nlp keyphrases (offline)', languages: ['English'], notes: 'Hashtags are built from the English keyphrase extractor’s phrases.' },
    llm: false,
  },
  meta_description_generator: {
    offline: {
      engine: 'Extractive meta descriptions (offline)',
      languages: ['English'],
      notes: 'Sentences are picked and trimmed with English rules; the language model writes new ones when configured.',
    },
    llm: true,
  },
  seo_score_analyzer: {
    offline: {
      engine: 'SEO checks + readability (offline)',
      languages: ['English'],
      notes: 'Readability formulas (Flesch and others) and transition-word checks are English; the structural checks work for any language.',
    },
    llm: false,
  },
  code_explainer: {
    offline: {
      engine: 'tree-sitter (offline)',
      languages: ['17 programming languages'],
      notes: 'The outline, complexity and walk-through come from tree-sitter grammars; prose explanations and code generation need the language model.',
    },
    llm: false,
  },
  essay_writer: {
    offline: {
      engine: 'Essay outline (offline)',
      languages: ['English'],
      notes: 'Offline, the tool builds the outline and structure in English; writing the essay needs the language model.',
    },
    llm: true,
  },
  resume_writer: {
    offline: {
      engine: 'Resume layout (offline)',
      languages: ['English'],
      notes: 'Offline, the tool lays out and exports what you enter, with English headings; rewriting it needs the language model.',
    },
    llm: true,
  },
  email_generator: {
    offline: { engine: 'Writing guidelines (static page)', languages: ['English'], notes: 'The page shows e-mail writing guidelines; it generates nothing.' },
    llm: false,
  },
  content_generator: { offline: null, llm: true },
  speech_to_text: {
    offline: {
      engine: 'PocketSphinx (offline)',
      languages: ['English (US)'],
      notes:
        'CMU PocketSphinx with its US English acoustic model, dictionary and language model. A provider set with STT_BASE_URL transcribes what it supports.',
    },
    llm: false,
  },
  image_to_text: {
    offline: {
      engine: 'Human + Tesseract (offline)',
      languages: ['English'],
      notes: 'Objects and faces are language-independent; text in images is read with Tesseract’s English data, and captions are written in English.',
    },
    llm: false,
  },
  deepfake_detector: {
    offline: {
      engine: 'Image forensics (offline)',
      languages: ['Any'],
      notes: 'Content credentials, metadata, error levels, JPEG tables and face liveness do not depend on language; findings are written in English.',
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
