/**
 * The downloadable report of a check: JSON (everything but the heat map's pixels) and plain text, written so that
 * someone who never saw the page can read what was found and how much it says.
 */
import type { DeepfakeResponse, Strength } from '@/shared/api/deepfake';

export const STRENGTH_LABEL: Record<Strength, string> = { strong: 'Strong', moderate: 'Moderate', weak: 'Weak', none: 'No sign' };

export const SIGNAL_LABEL: Record<string, string> = {
  c2pa: 'Content credentials',
  metadata: 'Metadata',
  ela: 'Error level analysis',
  jpeg: 'JPEG compression',
  faces: 'Faces',
  provider: 'Commercial detector',
};

export interface ReportFile {
  name: string;
  size: number;
}

/** The JSON report: the answer without the heat map image (its statistics stay), plus the file's name and when. */
export function reportJson(r: DeepfakeResponse, file: ReportFile, checkedAt: Date): string {
  const { ela, allowance: _, ...rest } = r;
  return JSON.stringify(
    {
      tool: 'Veritext Deepfake Detector',
      checkedAt: checkedAt.toISOString(),
      file: { name: file.name, bytes: file.size },
      ...rest,
      ela: ela ? { quality: ela.quality, unevenness: ela.unevenness, width: ela.width, height: ela.height } : null,
    },
    null,
    2,
  );
}

export function reportText(r: DeepfakeResponse, file: ReportFile, checkedAt: Date): string {
  const lines: string[] = [];
  lines.push('Deepfake Detector report', '='.repeat(24), '');
  lines.push(`File: ${file.name} (${r.format.toUpperCase()}, ${r.width}×${r.height}, ${(file.size / 1024).toFixed(0)} KB)`);
  lines.push(`Checked: ${checkedAt.toISOString()}`, '');
  lines.push(`Verdict: ${r.verdict.sentence}`, '');
  if (r.provider)
    lines.push(
      `${r.provider.label}: ${Math.round(r.provider.aiScore * 100)} % likely AI-generated (that company's model's opinion, not part of the verdict).`,
      '',
    );
  if (r.notice) lines.push(`Note: ${r.notice}`, '');
  lines.push('Findings', '--------');
  for (const f of r.findings) {
    lines.push(`[${STRENGTH_LABEL[f.strength]}] ${SIGNAL_LABEL[f.signal] ?? f.signal}: ${f.title}`);
    lines.push(`    ${f.detail}`);
    if (f.evidence) for (const [k, v] of Object.entries(f.evidence)) if (v !== null && v !== '') lines.push(`    - ${k}: ${String(v)}`);
  }
  if (r.jpeg) {
    lines.push('', 'JPEG', '----');
    lines.push(
      `Quality about ${r.jpeg.quality} (${r.jpeg.standardTables ? 'standard libjpeg tables' : 'custom tables'}), ${r.jpeg.progressive ? 'progressive' : 'baseline'}, chroma ${r.jpeg.subsampling ?? 'n/a'}, double-compression score ${r.jpeg.doubleCompression ?? 'n/a'}`,
    );
  }
  if (r.ela) lines.push('', `Error level analysis: re-saved at quality ${r.ela.quality}, unevenness ${r.ela.unevenness.toFixed(2)}.`);
  if (r.metadata.length) {
    lines.push('', 'Metadata', '--------');
    for (const m of r.metadata) lines.push(`${m.group} · ${m.name}: ${m.value}`);
  }
  lines.push(
    '',
    'What this means: the findings show what the file declares and what traces it carries. None of them proves an image is real; no offline check can.',
  );
  return lines.join('\n') + '\n';
}

/** A file name for the report: the image's name without its extension. */
export function reportName(imageName: string, ext: 'json' | 'txt'): string {
  const base =
    imageName
      .replace(/\.[^.]+$/, '')
      .replace(/[^\w.-]+/g, '-')
      .slice(0, 60) || 'image';
  return `deepfake-report-${base}.${ext}`;
}
