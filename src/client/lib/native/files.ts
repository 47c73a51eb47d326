import { saveBlob } from '../download';
import { pickFile } from './camera';
import { isNative, logNative } from './platform';

/**
 * Save a file: in the app to the Documents directory (text as utf8; a Blob such as a PDF as its bytes, since utf8
 * would corrupt binary data), in a browser as a download. True when saved; false on failure (logged).
 *
 * The browser branch downloads rather than opening showSaveFilePicker: the picker needs a fresh user gesture, which
 * an awaited fetch (the report PDF) can outlast, and every other export on the site downloads too.
 */
export async function saveFile(name: string, data: string | Blob, type = 'text/plain;charset=utf-8'): Promise<boolean> {
  if (isNative()) {
    try {
      const { Directory, Encoding, Filesystem } = await import('@capacitor/filesystem');
      if (typeof data === 'string') {
        await Filesystem.writeFile({ path: name, data, directory: Directory.Documents, encoding: Encoding.UTF8, recursive: true });
      } else {
        await Filesystem.writeFile({ path: name, data: await blobToBase64(data), directory: Directory.Documents, recursive: true });
      }
      return true;
    } catch (err) {
      logNative('file save failed', err);
      return false;
    }
  }
  try {
    saveBlob(typeof data === 'string' ? new Blob([data], { type }) : data, name);
    return true;
  } catch (err) {
    logNative('download failed', err);
    return false;
  }
}

/**
 * Read a text file: in the app `path` in the Documents directory (a file the app saved); in a browser, which cannot
 * open a path, the file the user picks (`accept` filters the chooser). The text, or null (cancelled or failed).
 */
export async function readFile({ path, accept = 'text/*,.txt,.md,.json,.csv' }: { path?: string; accept?: string } = {}): Promise<string | null> {
  if (isNative()) {
    if (!path) {
      logNative('file read needs a path in the app');
      return null;
    }
    try {
      const { Directory, Encoding, Filesystem } = await import('@capacitor/filesystem');
      const { data } = await Filesystem.readFile({ path, directory: Directory.Documents, encoding: Encoding.UTF8 });
      return typeof data === 'string' ? data : await data.text();
    } catch (err) {
      logNative('file read failed', err);
      return null;
    }
  }
  const file = await pickFile({ accept });
  if (!file) {
    logNative('file read cancelled');
    return null;
  }
  try {
    return await file.text();
  } catch (err) {
    logNative('file read failed', err);
    return null;
  }
}

async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // in slices: String.fromCharCode(...bytes) of a whole PDF overflows the call stack
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
