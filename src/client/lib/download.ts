/**
 * Save a blob as a file through a temporary link (the browser's download, no new tab). The object URL is revoked
 * later rather than at once: the click hands the blob to the download asynchronously, and a large file (a long
 * recording) may take a moment.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Save text as a file. */
export function saveText(name: string, content: string, type = 'text/plain;charset=utf-8'): void {
  saveBlob(new Blob([content], { type }), name);
}
