/** The competitors the comparison pages name (/{slug}-alternative, /{slug}, /{slug}-detector, /vs-{slug}-com). */
export const COMPETITOR_NAMES: Record<string, string> = {
  gptzero: 'GPTZero',
  originality: 'Originality.ai',
  copyleaks: 'Copyleaks',
  zerogpt: 'ZeroGPT',
  turnitin: 'Turnitin',
  quillbot: 'QuillBot',
};
