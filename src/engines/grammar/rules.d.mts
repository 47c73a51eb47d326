// Types of rules.mjs (plain JavaScript so the grammar worker can load it under node).
import type { GrammarIssueKind } from '../../shared/api/grammar';

export interface RuleIssue {
  start: number;
  end: number;
  rule: string;
  kind: GrammarIssueKind;
  message: string;
  suggestions: string[];
}

export function lintRules(text: string): RuleIssue[];
export const RULE_NAMES: readonly string[];
export function pluralOf(noun: string): string;
export function thirdPersonOf(base: string): string;
export function matchCase(orig: string, repl: string): string;
