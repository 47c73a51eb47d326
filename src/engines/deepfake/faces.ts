/**
 * Face signals: @vladmandic/human's anti-spoofing and liveness scores for each face it finds (src/engines/vision).
 *
 * Those two models were trained to catch presentation attacks, a printed photo or a screen held up to a camera, not
 * AI-generated or swapped faces; nobody has published how they score deepfakes. So a low score is at most a weak hint,
 * and a high score proves nothing: a good deepfake looks live to them. The findings say so.
 */
import type { FaceReading, Finding } from './types';

/** Below this, a face counts as "not live-looking" for that model. */
export const FACE_LOW = 0.3;

export function faceFindings(faces: FaceReading[] | null): Finding[] {
  if (faces == null) return [];
  if (!faces.length)
    return [
      {
        id: 'faces.none',
        signal: 'faces',
        title: 'No faces found',
        strength: 'none',
        points: 'info',
        detail: 'The face model found no face, so the face checks did not run.',
      },
    ];
  const pct = (n: number | null) => (n == null ? 'n/a' : `${Math.round(n * 100)} %`);
  const low = faces.filter((f) => (f.antispoof != null && f.antispoof < FACE_LOW) || (f.live != null && f.live < FACE_LOW));
  const scores = Object.fromEntries(
    faces.slice(0, 8).flatMap((f, i) => [
      [`face${i + 1} antispoof`, f.antispoof],
      [`face${i + 1} liveness`, f.live],
    ]),
  );
  if (low.length) {
    return [
      {
        id: 'faces.low_scores',
        signal: 'faces',
        title: `${low.length} of ${faces.length} face${faces.length > 1 ? 's' : ''} scored low for a real, live face`,
        strength: 'weak',
        points: 'ai',
        detail: `The anti-spoofing and liveness models rate ${low
          .slice(0, 3)
          .map((f) => `a face at ${pct(f.antispoof)} real and ${pct(f.live)} live`)
          .join(
            '; ',
          )}. These models were trained on photos of photos and screens, not on AI faces, and they also score low on drawings, masks and blurred or tiny faces: a weak hint only.`,
        evidence: scores,
      },
    ];
  }
  return [
    {
      id: 'faces.ok',
      signal: 'faces',
      title: `${faces.length} face${faces.length > 1 ? 's' : ''} found; none scored low`,
      strength: 'none',
      points: 'info',
      detail:
        'The anti-spoofing and liveness models rate every face as a real, live face. They catch photos of photos and screens, not good deepfakes, so this does not clear the image.',
      evidence: scores,
    },
  ];
}
