/**
 * Which built files a part of the web app needs, from the client build's manifest (dist/client/.vite/manifest.json,
 * keyed by source path relative to src/client). The server links them in a page so they download in parallel rather
 * one after another: the app's chunks in the empty shell (page-html.ts), a rendered page's lazy() chunks in its data
 * (prerender.ts, src/client/main.tsx).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of the manifest (`file` relative to the client build's root). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface Assets {
  /** `/assets/…` scripts */
  scripts: string[];
  /** `/assets/…` stylesheets */
  styles: string[];
}

/** The module that starts the app (src/client/app.tsx), loaded by the entry (main.tsx). */
export const APP_MODULE = 'app.tsx';

/**
 * The files `modules` need (their chunks, the chunks those import, their CSS), less what the shell links anyway. An
 * unknown module (a build without the manifest, a renamed page) is skipped: it loads as it would without this.
 */
export function chunkAssets(manifest: Record<string, ManifestChunk>, modules: readonly string[], shell: string): Assets {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = manifest[key];
    if (!c) return;
    scripts.add(`/${c.file}`);
    for (const css of c.css ?? []) styles.add(`/${css}`);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const id of modules) visit(id);
  const linked = (url: string) => shell.includes(`"${url}"`);
  return { scripts: [...scripts].filter((u) => !linked(u)), styles: [...styles].filter((u) => !linked(u)) };
}

const manifests = new Map<string, Record<string, ManifestChunk>>();

/** The manifest of the build in `clientDir`, read once; empty when the build has none. */
export function buildManifest(clientDir: string): Record<string, ManifestChunk> {
  let m = manifests.get(clientDir);
  if (!m) {
    try {
      m = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    } catch {
      m = {};
    }
    manifests.set(clientDir, m);
  }
  return m;
}

const shells = new Map<string, string>();

/** The build's index.html, read once (the page template, and what it links already). */
export function builtShell(clientDir: string): string {
  let s = shells.get(clientDir);
  if (s === undefined) {
    s = readFileSync(join(clientDir, 'index.html'), 'utf8');
    shells.set(clientDir, s);
  }
  return s;
}
