import { ShieldAlert } from 'lucide-react';
import { FAIRNESS_NOTE_TITLE, fairnessNoteBody } from '@/shared/detector-fairness';

/**
 * Beside every result: the score is a signal, not proof. The text is shared with the saved reports' PDF
 * (src/shared/detector-fairness.ts); its figure is written by `npm run eval:detector`.
 */
export function FairnessNote() {
  return (
    <aside className="mt-4 flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-xs leading-5 text-amber-950" data-testid="fairness-note">
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">{FAIRNESS_NOTE_TITLE}</strong> {fairnessNoteBody()}
      </p>
    </aside>
  );
}
