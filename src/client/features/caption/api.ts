import { useQuery } from '@tanstack/react-query';
import type { CaptionResponse, CaptionStatus, CaptionStyle } from '@/shared/api/caption';
import { CAPTION_STYLE_INFO } from '@/shared/api/caption';
import { apiJson, apiUpload, fileForm, InvalidReplyError } from '@/client/lib/api';

export const CAPTION_PATH = '/api/tools/image-caption-generator';
/** A busy photo takes a few seconds; a loaded server, or a vision model, longer. */
const CAPTION_TIMEOUT_MS = 120_000;

function isCaptionResponse(x: unknown): x is CaptionResponse {
  const r = x as CaptionResponse;
  return (
    !!r &&
    typeof r === 'object' &&
    typeof r.caption === 'string' &&
    typeof r.altText === 'string' &&
    Array.isArray(r.detections) &&
    !!r.offline?.styles &&
    typeof r.image?.width === 'number'
  );
}

/** Caption an image (the file as it is; HEIC is converted first by prepareImage). */
export async function captionImage(file: File, style: CaptionStyle): Promise<CaptionResponse> {
  const body = await apiUpload(CAPTION_PATH, fileForm(file, { style }), CAPTION_TIMEOUT_MS);
  if (!isCaptionResponse(body)) throw new InvalidReplyError();
  return body;
}

/** The engine that captions on this server (offline models, or a vision model). */
export function useCaptionStatus() {
  return useQuery({ queryKey: ['caption-status'], queryFn: () => apiJson<CaptionStatus>('GET', `${CAPTION_PATH}/status`), staleTime: 5 * 60_000 });
}

/** HEIC/HEIF by its type, its name or its first bytes (a phone may send it as "image.jpg" or with no type). */
export async function isHeic(file: File): Promise<boolean> {
  if (/image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name)) return true;
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const text = String.fromCharCode(...head);
  return text.slice(4, 8) === 'ftyp' && /heic|heix|hevc|heim|heis|mif1/.test(text.slice(8, 32)) && !/avif/.test(text.slice(8, 32));
}

/**
 * The server cannot decode HEVC (an iPhone's HEIC). A browser that can (Safari) converts it here to JPEG before the
 * upload; one that cannot sends it as it is, and the server's answer says which formats to use.
 */
export async function prepareImage(file: File): Promise<{ file: File; converted: boolean }> {
  if (!(await isHeic(file))) return { file, converted: false };
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((ok) => canvas.toBlob(ok, 'image/jpeg', 0.92));
    if (!blob) return { file, converted: false };
    return { file: new File([blob], file.name.replace(/\.hei[cf]$/i, '') + '.jpg', { type: 'image/jpeg' }), converted: true };
  } catch {
    return { file, converted: false };
  }
}

const pct = (n: number) => `${Math.round(n * 100)} %`;

/** The result as plain text (the TXT download). */
export function captionReport(
  r: CaptionResponse,
  style: CaptionStyle,
  shown: { caption: string; altText: string; engineLabel: string },
  fileName: string,
): string {
  const lines = [
    `Image: ${fileName} (${r.image.format.toUpperCase()}, ${r.image.width} × ${r.image.height} px, ${r.image.orientation}, ${r.image.megapixels} MP)`,
    `Style: ${CAPTION_STYLE_INFO[style].label}`,
    `Engine: ${shown.engineLabel}`,
    '',
    'Caption:',
    shown.caption,
    '',
    'Alt-text:',
    shown.altText,
    '',
    'Detections (offline models):',
    ...(r.detections.length
      ? r.detections.map((d) => `- ${d.kind}: ${d.label}, ${pct(d.confidence)}${d.inCaption ? '' : ' (possible)'}${d.note ? `, ${d.note}` : ''}`)
      : ['- none']),
    '',
    'Text in the image:',
    r.ocr.text || '(none found)',
    '',
    `Colours: ${r.colors.map((c) => `${c.name} ${c.hex} ${pct(c.share)}`).join(', ') || 'none'}`,
  ];
  return lines.join('\n') + '\n';
}
