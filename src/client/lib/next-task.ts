/**
 * Resolves in a new task of the event loop. Work split by it runs as several short tasks instead of one long one: the
 * browser can paint and answer input in between, and a phone's main thread is never held for long while the app
 * starts (no dependencies, so the entry script can use it).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
