/** A report's date, e.g. "March 12, 2026 at 2:03 PM" (the reader's time zone). */
export const reportDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** The engine that produced a report, in words. */
export function engineText(engine: string, modelVersion: string | null): string {
  const name = engine === 'veritext' ? 'Veritext offline engine' : engine === 'library' ? 'Reference library' : engine;
  return modelVersion ? `${name}, model ${modelVersion}` : name;
}
