import fairness from './detector-fairness.json';

/**
 * The fairness note shown beside every detector result, and printed in every saved report: the score is a signal,
 * not proof. Its figure comes from detector-fairness.json, which `npm run eval:detector` writes from the
 * student-essay source left out of training, so it always describes the model that ships.
 */
export const FAIRNESS_NOTE_TITLE = 'The score is a signal, not proof.';

export function fairnessNoteBody(): string {
  const { documents, flaggedAi } = fairness;
  const share = documents ? (100 * flaggedAi) / documents : 0;
  return (
    `On ${documents.toLocaleString('en-US')} essays by US school students that it never trained on, it called ` +
    `${flaggedAi === 0 ? 'none' : `${flaggedAi} (${share.toFixed(1)} %)`} AI-generated. No detector is certain: use this result to ` +
    'start a conversation, never as the only evidence of misconduct.'
  );
}
