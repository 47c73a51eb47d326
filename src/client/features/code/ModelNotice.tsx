import { AlertTriangle } from 'lucide-react';

/** Said wherever a mode or tool needs a language model and this server has none configured. */
export function ModelNotice({ what, children }: { what: string; children?: React.ReactNode }) {
  return (
    <div role="alert" className="mb-5 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="model-notice">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {what} needs a language model, and none is configured on this server. Ask the administrator to set <code>LLM_BASE_URL</code> and <code>LLM_MODEL</code>{' '}
        (OpenAI, Ollama, llama.cpp or vLLM).{children ? <> {children}</> : null}
      </p>
    </div>
  );
}
