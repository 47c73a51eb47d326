import { useId, useRef, type KeyboardEvent } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/hooks/use-toast';
import { cn } from '@/client/lib/utils';
import { LANGUAGE_LABELS, LANGUAGES, type Language } from './openapi-doc';

/**
 * The example request in curl, JavaScript and Python, as WAI-ARIA tabs: one tab stop, the arrow keys (and Home/End)
 * move between the languages and show them at once. The language is chosen for the whole page (`lang`), so a reader
 * who picks Python sees Python in every card.
 */
export function CodeTabs({ code, lang, onLang, label }: { code: Record<Language, string>; lang: Language; onLang: (l: Language) => void; label: string }) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKey(e: KeyboardEvent) {
    const i = LANGUAGES.indexOf(lang);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % LANGUAGES.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + LANGUAGES.length) % LANGUAGES.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? LANGUAGES.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    onLang(LANGUAGES[next]!);
    tabs.current[next]?.focus();
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(code[lang]);
      toast({ title: `${LANGUAGE_LABELS[lang]} example copied` });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it instead.', variant: 'destructive' });
    }
  }

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-slate-950">
      <div className="flex items-center justify-between gap-2 border-b border-slate-800 bg-slate-900 px-2">
        <div role="tablist" aria-label={label} className="flex min-w-0 overflow-x-auto" onKeyDown={onKey}>
          {LANGUAGES.map((l, i) => (
            <button
              key={l}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${l}`}
              aria-selected={lang === l}
              aria-controls={`${id}-panel`}
              tabIndex={lang === l ? 0 : -1}
              onClick={() => onLang(l)}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-2 py-2 text-sm font-medium sm:px-3 outline-none transition-colors focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-400',
                lang === l ? 'border-indigo-400 text-white' : 'border-transparent text-slate-400 hover:text-slate-200',
              )}
            >
              {LANGUAGE_LABELS[l]}
            </button>
          ))}
        </div>
        <Button size="sm" variant="ghost" className="h-8 shrink-0 text-slate-300 hover:bg-slate-800 hover:text-white" onClick={() => void copy()}>
          <Copy aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Copy</span>
        </Button>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${lang}`}>
        {/* the scrolling <pre> takes focus itself, so the arrow keys scroll it; a focusable parent cannot */}
        <pre
          tabIndex={0}
          className="overflow-x-auto p-4 text-[13px] leading-relaxed text-slate-100 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-400"
          data-testid="example-code"
        >
          <code>{code[lang]}</code>
        </pre>
      </div>
    </div>
  );
}
