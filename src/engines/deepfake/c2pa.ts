/**
 * Content credentials (C2PA): the signed manifest store some generators, editors and cameras embed (OpenAI, Adobe
 * Firefly and Photoshop, Google, Microsoft, Leica, Sony, Pixel phones, …), read and validated by
 * @contentauth/c2pa-node.
 *
 * - The active manifest's actions carry the IPTC `digitalSourceType`: `trainedAlgorithmicMedia` is the signer
 *   saying "an AI model made this". That is the strongest signal this tool has, because it is signed.
 * - We name the signer (the certificate's common name and organisation) and the claim generator (the app).
 * - A manifest that fails validation (the pixels or the manifest changed after signing) is its own finding.
 * - Offline: no OCSP or remote-manifest fetches, and no trust list is bundled, so every signer is reported as
 *   "not checked against a trust list" (`signingCredential.untrusted`), which is not a failure of integrity.
 *
 * Most images carry no credentials at all (few apps write them and most sites strip them): their absence is not a sign.
 */
import type { Finding, MetadataRow } from './types';
import { SOURCE_TYPES, sourceTypeTerm } from './metadata';

/** Read settings: never touch the network. */
const SETTINGS = { verify: { ocsp_fetch: false, remote_manifest_fetch: false } };

/** Validation codes that are about trust or the network, not about the file having changed. */
const NOT_TAMPERING =
  /^signingCredential\.(untrusted|ocsp\.|trusted)|^timeStamp\.(untrusted|trusted|validated)|ocsp\.skipped|^general\.remoteManifest|^timeStamp\.malformed$/;

export interface C2paResult {
  present: boolean;
  findings: Finding[];
  rows: MetadataRow[];
  /** the IPTC term of the active manifest, if it declares one */
  sourceType: string | null;
  valid: boolean | null;
}

interface Action {
  action?: string;
  digitalSourceType?: string;
  softwareAgent?: string | { name?: string; version?: string };
}
interface ManifestLike {
  claim_generator?: string;
  claim_generator_info?: { name?: string; version?: string }[];
  title?: string;
  assertions?: { label?: string; data?: unknown }[];
  ingredients?: { title?: string; active_manifest?: string; relationship?: string }[];
  signature_info?: { issuer?: string; common_name?: string; time?: string; alg?: string };
}
interface StoreLike {
  active_manifest?: string;
  manifests?: Record<string, ManifestLike>;
  validation_state?: string;
  validation_status?: { code: string; explanation?: string }[];
}

const agentName = (a: Action['softwareAgent']) => (typeof a === 'string' ? a : a?.name ? `${a.name}${a.version ? ` ${a.version}` : ''}` : null);

function actionsOf(m: ManifestLike): Action[] {
  const out: Action[] = [];
  for (const a of m.assertions ?? [])
    if (/^c2pa\.actions(\.v\d+)?$/.test(a.label ?? '')) out.push(...(((a.data as { actions?: Action[] })?.actions ?? []) as Action[]));
  return out;
}

/** Every digital source type a manifest declares: in its actions, or anywhere in an assertion (IPTC/XMP copies). */
function sourceTypesOf(m: ManifestLike): string[] {
  const terms = new Set<string>();
  for (const a of actionsOf(m)) if (a.digitalSourceType) terms.add(sourceTypeTerm(a.digitalSourceType) ?? '');
  const walk = (v: unknown, depth: number) => {
    if (depth > 6 || v == null) return;
    if (typeof v === 'string') {
      if (/digitalsourcetype\//i.test(v)) terms.add(sourceTypeTerm(v) ?? '');
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (typeof v === 'object') Object.values(v).forEach((x) => walk(x, depth + 1));
  };
  for (const a of m.assertions ?? []) if (!/^c2pa\.actions/.test(a.label ?? '')) walk(a.data, 0);
  terms.delete('');
  return [...terms];
}

const generatorOf = (m: ManifestLike) =>
  m.claim_generator_info
    ?.map((g) => [g.name, g.version].filter(Boolean).join(' '))
    .filter(Boolean)
    .join(', ') ||
  m.claim_generator ||
  null;

/** Rank of a source type for picking the one to lead with: AI first, then edits, then the rest. */
const rank = (t: string) => ({ strong: 0, moderate: 1, weak: 2, none: 3 })[SOURCE_TYPES[t].strength] + (SOURCE_TYPES[t].points === 'ai' ? 0 : 0.5);

export async function readContentCredentials(bytes: Uint8Array, mimeType: string): Promise<C2paResult> {
  const none: C2paResult = {
    present: false,
    rows: [],
    sourceType: null,
    valid: null,
    findings: [
      {
        id: 'c2pa.none',
        signal: 'c2pa',
        title: 'No content credentials',
        strength: 'none',
        points: 'info',
        detail:
          'The file has no C2PA manifest. Most images have none (few cameras and apps write one, and most websites strip it), so this says nothing either way.',
      },
    ],
  };
  const { Reader } = await import('@contentauth/c2pa-node');
  let store: StoreLike;
  try {
    const reader = await Reader.fromAsset({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), mimeType }, SETTINGS as never);
    if (!reader) return none;
    store = reader.json() as unknown as StoreLike;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // "no manifest"-like errors are the ordinary case; anything else means a manifest is there but unreadable
    if (/not found|no (jumbf|manifest|claim)|type is unsupported|unsupported/i.test(message)) return none;
    return {
      present: true,
      rows: [{ group: 'C2PA', name: 'Error', value: message.slice(0, 300) }],
      sourceType: null,
      valid: false,
      findings: [
        {
          id: 'c2pa.unreadable',
          signal: 'c2pa',
          title: 'Content credentials are present but could not be read',
          strength: 'weak',
          points: 'edit',
          detail: `The file holds what looks like a C2PA manifest, but it could not be parsed (${message.slice(0, 160)}). Damaged credentials often mean the file was edited by a tool that does not understand them.`,
        },
      ],
    };
  }
  const manifests = store.manifests ?? {};
  const active = store.active_manifest ? manifests[store.active_manifest] : undefined;
  if (!active) return none;

  const failures = (store.validation_status ?? []).filter((s) => !NOT_TAMPERING.test(s.code));
  const untrusted = (store.validation_status ?? []).some((s) => /^signingCredential\.untrusted/.test(s.code));
  const valid = failures.length === 0;
  const signer = [active.signature_info?.common_name, active.signature_info?.issuer].filter(Boolean).join(', ') || 'an unnamed signer';
  const generator = generatorOf(active);
  const actions = actionsOf(active);
  const agents = [...new Set(actions.map((a) => agentName(a.softwareAgent)).filter((x): x is string => !!x))];

  const rows: MetadataRow[] = [
    { group: 'C2PA', name: 'Signer', value: signer },
    ...(active.signature_info?.time ? [{ group: 'C2PA', name: 'Signed at', value: active.signature_info.time }] : []),
    ...(generator ? [{ group: 'C2PA', name: 'Claim generator', value: generator }] : []),
    ...(active.title ? [{ group: 'C2PA', name: 'Title', value: active.title }] : []),
    ...actions.slice(0, 20).map((a) => ({
      group: 'C2PA',
      name: 'Action',
      value: [a.action, a.digitalSourceType ? `source: ${sourceTypeTerm(a.digitalSourceType) ?? a.digitalSourceType}` : '', agentName(a.softwareAgent) ?? '']
        .filter(Boolean)
        .join(' · '),
    })),
    ...(active.ingredients ?? [])
      .slice(0, 10)
      .map((i) => ({ group: 'C2PA', name: 'Ingredient', value: [i.title, i.relationship].filter(Boolean).join(' · ') })),
    { group: 'C2PA', name: 'Validation', value: store.validation_state ?? (valid ? 'Valid' : 'Invalid') },
    ...(store.validation_status ?? []).slice(0, 10).map((s) => ({ group: 'C2PA', name: 'Status', value: s.code })),
  ];

  const findings: Finding[] = [];
  const evidence = { signer, generator, validation: store.validation_state ?? null, agents: agents.join(', ') || null };
  const trustNote = untrusted ? ' The signer was not checked against a trust list (this server works offline), so the name is what its certificate says.' : '';
  const activeTerms = sourceTypesOf(active).sort((a, b) => rank(a) - rank(b));
  const sourceType = activeTerms[0] ?? null;

  if (!valid) {
    findings.push({
      id: 'c2pa.invalid',
      signal: 'c2pa',
      title: 'The content credentials do not match this file',
      strength: 'moderate',
      points: 'edit',
      detail: `The image carries a C2PA manifest signed by ${signer}, but validation failed (${failures
        .slice(0, 3)
        .map((f) => f.code)
        .join(', ')}): the file or its manifest was changed after signing. What the manifest claims can no longer be relied on.`,
      evidence: { ...evidence, failures: failures.map((f) => f.code).join(', ') },
    });
  }

  if (sourceType) {
    const t = SOURCE_TYPES[sourceType];
    findings.push({
      id: `c2pa.source_type.${sourceType}`,
      signal: 'c2pa',
      title: `Content credentials say this image was ${t.says}`,
      // a claim inside credentials that fail validation is weaker: the file no longer matches what was signed
      strength: valid ? t.strength : t.strength === 'strong' ? 'moderate' : t.strength === 'moderate' ? 'weak' : t.strength,
      points: !valid && t.points === 'authentic' ? 'info' : t.points,
      detail: `The C2PA manifest, signed by ${signer}${generator ? ` with ${generator}` : ''}, declares the digital source type “${sourceType}”${agents.length ? ` (software: ${agents.join(', ')})` : ''}.${trustNote}${valid ? '' : ' The credentials fail validation, so treat the claim with care.'}`,
      evidence: { ...evidence, digitalSourceType: sourceType },
    });
  } else {
    findings.push({
      id: 'c2pa.present',
      signal: 'c2pa',
      title: `Content credentials signed by ${signer}`,
      strength: 'none',
      points: 'info',
      detail: `The file carries a C2PA manifest${generator ? ` from ${generator}` : ''} that does not declare how the image was made.${trustNote}`,
      evidence,
    });
  }

  // an ingredient (an earlier version the image was made from) that an AI model made, when the active manifest does not say so
  if (!activeTerms.some((t) => SOURCE_TYPES[t].points === 'ai')) {
    for (const [label, m] of Object.entries(manifests)) {
      if (label === store.active_manifest) continue;
      const ai = sourceTypesOf(m).find((t) => SOURCE_TYPES[t].points === 'ai');
      if (ai) {
        findings.push({
          id: 'c2pa.ingredient_ai',
          signal: 'c2pa',
          title: 'An ingredient of this image was made by an AI generator',
          strength: valid ? 'strong' : 'moderate',
          points: 'ai',
          detail: `The credentials record an earlier version or part (“${m.title ?? 'ingredient'}”) whose own manifest declares “${ai}”, signed by ${[m.signature_info?.common_name, m.signature_info?.issuer].filter(Boolean).join(', ') || 'an unnamed signer'}.`,
          evidence: { ingredient: m.title ?? null, digitalSourceType: ai },
        });
        break;
      }
    }
  }
  return { present: true, findings, rows, sourceType, valid };
}
