/**
 * Types shared by the humanizer's passes, its critic and its grammar guard (and the rewriter, which runs the same
 * core). A module of its own so that critic.ts and guard.ts need not import index.ts, which imports them.
 */
import type { Edit, PhraseRule, PosToken, Span } from '../text';
import type { HumanizerStyle } from '../styles';

export type { HumanizerStyle } from '../styles';

export type HumanizeChangeKind = 'phrase' | 'transition' | 'synonym' | 'contraction' | 'expansion' | 'split' | 'merge' | (string & {});

export interface HumanizeChange {
  start: number;
  end: number;
  replacement: string;
  kind: HumanizeChangeKind;
}

export interface HumanizeResult {
  text: string;
  changes: HumanizeChange[];
}

export interface HumanizeOptions {
  style?: HumanizerStyle;
  /**
   * Cost function that picks among rewrites (critic.ts). Default: the AI-text detector's document model, so a rule is
   * kept only where it makes the text read less machine-written. `false` applies the rules alone.
   */
  critic?: Critic | false;
}

/** Cost of a text: higher reads more AI-generated. The humanizer passes the detector's document logit. */
export type Critic = (text: string) => number;

/** Engine configuration shared with the rewriter. */
/**
 * How a long sentence is split (`splitEdit`): informal keeps "And / But / So", formal drops "and" and writes
 * "However," / "As a result,", short (the sentence shortener) drops "and" and keeps "But / So"; off never splits.
 */
export type SplitMode = 'informal' | 'formal' | 'short' | 'off';

export interface CoreConfig {
  /** which column of the phrase/word tables to use */
  style: HumanizerStyle;
  contractions: 'full' | 'light' | 'none' | 'expand';
  /** conjunction handling when splitting long sentences: keep "And/But" (informal) or drop/formalise it */
  split: Exclude<SplitMode, 'short'> | 'off';
  merge: boolean;
  /** extra phrase rules applied first (the rewriter's tone rules) */
  extraRules?: readonly PhraseRule[];
  /** salt for deterministic variant choice (different tools pick different variants) */
  salt?: string;
  /** minimum words for a sentence to be split (default 28) */
  splitMinWords?: number;
  /**
   * sentence openings: move a short time/place adverbial ("In 2020, ...") to the end of its sentence, drop the comma
   * after other short ones, "This/These + noun" -> "The + noun", and fold "However, / As a result, / Also," into the
   * previous sentence (", but / , so / , and"). 'light' only moves adverbials and folds "However,".
   */
  openers?: 'full' | 'light' | 'off';
}

/** A word or punctuation token with its part of speech (offsets into its sentence). */
export type Tok = PosToken;

/**
 * What the passes of one run share: the input, the style's configuration, the edits claimed so far (each pass pushes
 * the edits it keeps; offsets index into `text`) and the spans never to touch.
 */
export interface PassContext {
  text: string;
  cfg: CoreConfig;
  edits: Edit[];
  prot: readonly { start: number; end: number }[];
  /** cfg.salt or '': mixed into the hash that picks a variant */
  salt: string;
}

/** The sentence-joining passes also share the sentences, their tags, and the sentences already joined. */
export interface JoinContext extends PassContext {
  sentences: Span[];
  tagsOf: (s: Span) => Tok[];
  /** sentences already joined to a neighbour: a second join would build a run-on ("A and B, and C") */
  joined: Set<number>;
}
