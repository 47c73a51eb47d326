import { Cpu } from 'lucide-react';
import type { Tool } from '@/shared/catalogue';
import { cn } from '@/client/lib/utils';
import { useCapabilities } from '@/client/features/writing/api';

const TITLE = 'This tool writes new text with a language model, and none is configured on this server.';

/** True when the tool can do nothing without a language model and this server has none (the capabilities call says so). */
export function useNeedsMissingModel(tool: Pick<Tool, 'needsModel'>): boolean {
  const caps = useCapabilities();
  return tool.needsModel === 'always' && caps.data?.llm.configured === false;
}

/**
 * The small "Needs a language model" mark of the catalogue, tool cards and sidebar, shown only for a tool that needs
 * one for everything (needsModel 'always') on a server without one. `compact`: an icon with the words for screen
 * readers and as a tooltip (the sidebar's narrow rows).
 */
export function NeedsModelMark({ tool, compact, className }: { tool: Pick<Tool, 'needsModel'>; compact?: boolean; className?: string }) {
  if (!useNeedsMissingModel(tool)) return null;
  if (compact)
    return (
      <span className={cn('inline-flex shrink-0 text-amber-600', className)} title={TITLE} data-testid="needs-model-mark">
        <Cpu className="h-3.5 w-3.5" aria-hidden="true" />
        <span className="sr-only">(needs a language model, none configured)</span>
      </span>
    );
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800', className)}
      title={TITLE}
      data-testid="needs-model-mark"
    >
      <Cpu className="h-3 w-3" aria-hidden="true" /> Needs a language model
    </span>
  );
}
