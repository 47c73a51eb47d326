/**
 * Passage alignment between a submitted text and one candidate source, over normalised tokens.
 *
 *  1. Seeds: every position pair (qi, si) whose word k-grams are equal (all k-grams of both texts,
 *     not only the winnowed ones: the source text is at hand, so this costs one hash map).
 *  2. Extension: from each seed not already inside a passage, extend right and left token by token.
 *     On a mismatch, try a small edit (substitution, insertion or deletion of 1–2 words); it is
 *     accepted only if the next `gapRun` tokens then match exactly. So a passage tolerates at most one
 *     edit per gapRun+1 words ("every 8th word replaced" is well inside), but never bridges unrelated
 *     text. Trailing edits are trimmed: passages start and end on matching words.
 *  3. Merge: passages that overlap or nearly touch on both sides (and keep source order) are merged;
 *     a passage mostly contained in a longer one (on the submitted side) is dropped.
 */

export interface AlignedPassage {
  /** token range in the submitted text, [qa, qb) */
  qa: number;
  qb: number;
  /** token range in the source, [sa, sb) */
  sa: number;
  sb: number;
  /** number of exactly matching aligned tokens */
  matched: number;
}

export interface AlignOptions {
  k: number;
  /** exact matches required after each tolerated edit */
  gapRun: number;
  /** max tokens between two passages to merge them */
  mergeGap: number;
  /** seeds whose k-gram occurs more often than this in the source are skipped (repetitive text) */
  maxSeedRepeats: number;
}

const EDITS: ReadonlyArray<readonly [number, number]> = [
  [1, 1], // substitution
  [1, 0], // word inserted in the submitted text
  [0, 1], // word deleted from the submitted text
  [2, 2],
  [2, 1],
  [1, 2],
  [2, 0],
  [0, 2],
];

export function alignPassages(q: readonly string[], qk: readonly number[], s: readonly string[], sk: readonly number[], opt: AlignOptions): AlignedPassage[] {
  const nQ = q.length;
  const nS = s.length;
  const { k, gapRun } = opt;
  if (qk.length === 0 || sk.length === 0) return [];

  const index = new Map<number, number[]>();
  for (let i = 0; i < sk.length; i++) {
    const h = sk[i];
    const l = index.get(h);
    if (l) l.push(i);
    else index.set(h, [i]);
  }

  const runMatchFwd = (i: number, j: number, r: number): boolean => {
    if (i + r > nQ || j + r > nS || i < 0 || j < 0) return false;
    for (let t = 0; t < r; t++) if (q[i + t] !== s[j + t]) return false;
    return true;
  };
  const runMatchBwd = (i: number, j: number, r: number): boolean => {
    // tokens i, i-1, ..., i-r+1 and j, j-1, ...
    if (i - r + 1 < 0 || j - r + 1 < 0 || i >= nQ || j >= nS) return false;
    for (let t = 0; t < r; t++) if (q[i - t] !== s[j - t]) return false;
    return true;
  };

  const passages: AlignedPassage[] = [];
  for (let qi = 0; qi < qk.length; qi++) {
    const list = index.get(qk[qi]);
    if (!list || list.length > opt.maxSeedRepeats) continue;
    for (const si of list) {
      // verify (guards against hash collisions) and skip seeds already covered on the same diagonal
      if (!runMatchFwd(qi, si, k)) continue;
      let inside = false;
      for (let p = passages.length - 1; p >= 0; p--) {
        const P = passages[p];
        if (qi >= P.qa && qi + k <= P.qb && si >= P.sa && si + k <= P.sb) {
          inside = true;
          break;
        }
      }
      if (inside) continue;

      let matched = k;
      // extend right
      let i = qi + k;
      let j = si + k;
      let qb = i;
      let sb = j;
      while (i < nQ && j < nS) {
        if (q[i] === s[j]) {
          i++;
          j++;
          matched++;
          qb = i;
          sb = j;
          continue;
        }
        let ok = false;
        for (const [dq, ds] of EDITS) {
          if (runMatchFwd(i + dq, j + ds, gapRun)) {
            i += dq;
            j += ds;
            ok = true;
            break;
          }
        }
        if (!ok) break;
      }
      // extend left
      i = qi - 1;
      j = si - 1;
      let qa = qi;
      let sa = si;
      while (i >= 0 && j >= 0) {
        if (q[i] === s[j]) {
          qa = i;
          sa = j;
          i--;
          j--;
          matched++;
          continue;
        }
        let ok = false;
        for (const [dq, ds] of EDITS) {
          if (runMatchBwd(i - dq, j - ds, gapRun)) {
            i -= dq;
            j -= ds;
            ok = true;
            break;
          }
        }
        if (!ok) break;
      }
      passages.push({ qa, qb, sa, sb, matched });
    }
  }
  return mergePassages(passages, opt.mergeGap);
}

export function mergePassages(input: AlignedPassage[], mergeGap: number): AlignedPassage[] {
  const ps = input.slice().sort((a, b) => a.qa - b.qa || b.qb - a.qb || a.sa - b.sa);
  const merged: AlignedPassage[] = [];
  for (const p of ps) {
    const last = merged[merged.length - 1];
    if (last && p.qa <= last.qb + mergeGap && p.sa >= last.sa && p.sa <= last.sb + mergeGap && Math.abs(p.sa - p.qa - (last.sb - last.qb)) <= mergeGap) {
      // same region in both texts: union (matched counts overlapping part once, approximately)
      if (p.qb > last.qb || p.sb > last.sb) {
        const overlapQ = Math.max(0, last.qb - p.qa);
        last.matched += Math.max(0, p.matched - overlapQ);
        last.qb = Math.max(last.qb, p.qb);
        last.sb = Math.max(last.sb, p.sb);
      }
      continue;
    }
    merged.push({ ...p });
  }
  // drop passages mostly covered (on the submitted side) by a longer one
  const byLen = merged.slice().sort((a, b) => b.qb - b.qa - (a.qb - a.qa) || a.qa - b.qa);
  const kept: AlignedPassage[] = [];
  for (const p of byLen) {
    const len = p.qb - p.qa;
    let covered = false;
    for (const K of kept) {
      const ov = Math.min(p.qb, K.qb) - Math.max(p.qa, K.qa);
      if (ov > 0.5 * len) {
        covered = true;
        break;
      }
    }
    if (!covered) kept.push(p);
  }
  return kept.sort((a, b) => a.qa - b.qa || a.sa - b.sa);
}
