import { useEffect, useRef, useState } from 'react';
import { emptyResume, RESUME_LAYOUTS, type ResumeLayoutId, type ResumeModel } from '@/engines/resume/model';

/** The form is kept in this browser only (localStorage), so a reload or a closed tab loses nothing. */
export const DRAFT_KEY = 'veritext:resume-draft:v1';

export interface ResumeDraft {
  /** The resume as typed; its `skills` come from skillsText (typed as one text, commas or lines). */
  resume: ResumeModel;
  skillsText: string;
  layout: ResumeLayoutId;
  paper: 'letter' | 'a4';
}

const fresh = (): ResumeDraft => ({ resume: emptyResume(), skillsText: '', layout: 'classic', paper: 'letter' });

/** "Go, TypeScript\nKafka" → ["Go", "TypeScript", "Kafka"]. */
export function splitSkills(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** Read a stored draft defensively: anything missing or of the wrong type becomes empty, never a crash. */
export function parseDraft(raw: string | null): ResumeDraft {
  if (!raw) return fresh();
  let d: Record<string, unknown>;
  try {
    d = obj(JSON.parse(raw));
  } catch {
    return fresh();
  }
  const r = obj(d.resume);
  const c = obj(r.contact);
  return {
    layout: (RESUME_LAYOUTS as readonly string[]).includes(str(d.layout)) ? (d.layout as ResumeLayoutId) : 'classic',
    paper: d.paper === 'a4' ? 'a4' : 'letter',
    skillsText: str(d.skillsText),
    resume: {
      contact: {
        name: str(c.name),
        headline: str(c.headline),
        email: str(c.email),
        phone: str(c.phone),
        location: str(c.location),
        links: arr(c.links).map((l) => ({ label: str(obj(l).label), url: str(obj(l).url) })),
      },
      summary: str(r.summary),
      experience: arr(r.experience).map((x) => {
        const e = obj(x);
        return {
          title: str(e.title),
          organization: str(e.organization),
          location: str(e.location),
          start: str(e.start),
          end: str(e.end),
          bullets: arr(e.bullets).map(str),
        };
      }),
      education: arr(r.education).map((x) => {
        const e = obj(x);
        return {
          degree: str(e.degree),
          institution: str(e.institution),
          location: str(e.location),
          start: str(e.start),
          end: str(e.end),
          details: str(e.details),
        };
      }),
      skills: [],
      certifications: arr(r.certifications).map((x) => ({ name: str(obj(x).name), issuer: str(obj(x).issuer), year: str(obj(x).year) })),
    },
  };
}

/** The draft kept in this browser, or null when there is none. */
function stored(): ResumeDraft | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    return raw === null ? null : parseDraft(raw);
  } catch {
    return null;
  }
}

/** The draft state, saved to localStorage a moment after each change; `savedAt` for the "Draft saved" line. */
export function useResumeDraft() {
  // The first render shows a fresh form, as the server's render of the page does (prerendering); the kept draft
  // replaces it once mounted, without counting as a change to save.
  const [draft, setDraft] = useState<ResumeDraft>(fresh);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const first = useRef(true);
  const restoring = useRef(false);
  useEffect(() => {
    const kept = stored();
    if (!kept) return;
    restoring.current = true;
    setDraft(kept);
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (restoring.current) {
      restoring.current = false;
      return;
    }
    const t = setTimeout(() => {
      try {
        localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
        setSavedAt(new Date());
      } catch {
        // storage full or blocked (private mode): the form still works, it is just not kept
      }
    }, 400);
    return () => clearTimeout(t);
  }, [draft]);
  const reset = () => {
    try {
      localStorage.removeItem(DRAFT_KEY);
    } catch {
      // nothing stored
    }
    setDraft(fresh());
    setSavedAt(null);
  };
  return { draft, setDraft, savedAt, reset };
}
