/** Verb inflection and the indefinite article, for replacements that must fit the grammar around them. */
import { IRREGULAR } from './tables';

export type VerbForm = 'base' | 's' | 'past' | 'pp' | 'ing';

export function verbForms(base: string): Record<VerbForm, string> {
  const irr = IRREGULAR[base];
  if (irr) return { base, s: irr[0], past: irr[1], pp: irr[2], ing: irr[3] };
  const s = /(s|sh|ch|x|z)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`;
  const ed = /e$/.test(base) ? `${base}d` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : `${base}ed`;
  const ing = /ie$/.test(base) ? `${base.slice(0, -2)}ying` : /[^e]e$/.test(base) ? `${base.slice(0, -1)}ing` : `${base}ing`;
  return { base, s, past: ed, pp: ed, ing };
}

/** Inflect the first word of a (possibly multi-word) verb phrase. */
export function inflectPhrase(target: string, form: VerbForm): string {
  const [head, ...rest] = target.split(' ');
  return [verbForms(head!)[form], ...rest].join(' ');
}

/** An auxiliary right before a past form: the form is a participle ("has utilized" -> "has used"). */
export const AUX_PP_SOURCE = "\\b(?:have|has|had|having|'ve|be|been|being|is|are|was|were|am|get|gets|got|getting)\\s+(?:\\w+ly\\s+)?";
export const AUX_PP = new RegExp(`${AUX_PP_SOURCE}$`, 'i');

export function articleFor(word: string): 'a' | 'an' {
  const w = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^(?:u[nr]i|use|usu|eu|one|once|uti)/.test(w) && !/^(?:unin|unim|unu|unr|und)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}
