import { useCallback, useEffect, useState } from 'react';

/**
 * The administrator area's light/dark theme ("light/dark theme toggle"). The choice is a display preference
 * of this browser, so it lives in localStorage, not on the account; with no choice yet the system setting decides.
 * The class goes on <html> (not on the layout) so dialogs, menus and toasts, which render in portals, follow it; it
 * is removed when the admin layout unmounts, so the public site stays light.
 */
export type Theme = 'light' | 'dark';

const KEY = 'veritext.adminTheme';

function initialTheme(): Theme {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // storage blocked (private mode, policy): fall back to the system setting
  }
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function useAdminTheme(): { theme: Theme; toggle: () => void } {
  const [theme, setTheme] = useState<Theme>(initialTheme);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    return () => {
      root.classList.remove('dark');
      root.style.colorScheme = '';
    };
  }, [theme]);

  const toggle = useCallback(() => {
    setTheme((t) => {
      const next: Theme = t === 'dark' ? 'light' : 'dark';
      try {
        localStorage.setItem(KEY, next);
      } catch {
        // not persisted; the toggle still works for this visit
      }
      return next;
    });
  }, []);

  return { theme, toggle };
}
