/**
 * Small rules shared by the places that move focus for the user (route changes, new results, removed rows): never
 * take it from where the user has put it, and never add a Tab stop while giving it.
 */

/** A field being typed in: focus there is the user's. */
export function isEditable(el: Element | null): boolean {
  return !!el && el.matches('input, textarea, select, [contenteditable="true"]');
}

/** Focus is nowhere: on <body>, or on an element that has left the page (a pressed button that went away). */
export function focusLost(): boolean {
  const now = document.activeElement;
  return !now || now === document.body || !now.isConnected;
}

/** The user has put focus somewhere else since `from`. */
export function focusMovedSince(from: Element | null): boolean {
  return !focusLost() && document.activeElement !== from;
}

/** Focus `el` from script; an element that is not focusable (a heading, a section) becomes so for script only. */
export function focusByScript(el: HTMLElement, opts?: FocusOptions): void {
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus(opts);
}
