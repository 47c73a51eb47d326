import { ShieldAlert } from 'lucide-react';
import fairness from '@/shared/detector-fairness.json';

/**
 * Beside every result: the score is a signal, not proof. The figure is written by `npm run eval:detector` from the
 * student-essay source left out of training, so it always describes the model that ships.
 */
export function FairnessNote() {
  const { documents, flaggedAi } = fairness;
  const share = documents ? (100 * flaggedAi) / documents : 0;
  return (
    <aside className="mt-4 flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-xs leading-5 text-amber-950" data-testid="fairness-note">
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">The score is a signal, not proof.</strong> On {documents.toLocaleString('en-US')} essays by US school students that it
        never trained on, it called {flaggedAi === 0 ? 'none' : `${flaggedAi} (${share.toFixed(1)} %)`} AI-generated. No detector is certain: use this result to
        start a conversation, never as the only evidence of misconduct.
      </p>
    </aside>
  );
}
