import { z } from 'zod';
import { IpAllowList, type Settings } from '../settings';
import type { Role } from '../roles';

/** Contracts of the settings, Feature Toggles, IP allow-list, Security, Backup and Languages pages. */

/** GET /api/admin/settings, and the answer of PUT. */
export interface AdminSettingsResponse {
  settings: Settings;
  /** Names of the settings the PUT changed (empty on GET, or when nothing differed). */
  changed?: string[];
}

/** PUT /api/admin/ip-allowlist. A list that would shut out the caller's own address needs `confirmLockout: true`. */
export const IpAllowListBody = z
  .object({
    entries: IpAllowList,
    confirmLockout: z.boolean().optional(),
  })
  .strict();
export type IpAllowListBody = z.infer<typeof IpAllowListBody>;

export interface IpAllowListResponse {
  /** Normalised entries (addresses, or CIDR blocks `addr/prefix`). */
  entries: string[];
  /** The address this request came from, as the server sees it (after TRUST_PROXY). */
  yourAddress: string;
  /** Whether that address may use the administrator area under the saved list (always true for an empty list). */
  yourAddressAllowed: boolean;
}

/** PUT /api/admin/security/two-factor */
export const StaffTwoFactorBody = z.object({ required: z.boolean() }).strict();

export interface StaffSession {
  id: string;
  userId: string;
  username: string;
  email: string;
  role: Role;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  expiresAt: string;
  /** The session this request is using. */
  current: boolean;
  twoFactor: boolean;
}

export interface FailedLoginRow {
  /** The e-mail address tried, or the network address. */
  key: string;
  last24h: number;
  last7d: number;
  lastAt: string;
}

export interface AdminSecurityResponse {
  requireStaffTwoFactor: boolean;
  /** Whether the caller has two-factor on (the requirement cannot be switched on without it). */
  youHaveTwoFactor: boolean;
  sessions: StaffSession[];
  failedLogins: {
    total24h: number;
    total7d: number;
    byAccount: FailedLoginRow[];
    byAddress: FailedLoginRow[];
  };
}

export interface BackupInfoResponse {
  database: 'pglite' | 'postgres';
  /** Whether this server can make a backup now. */
  available: boolean;
  /** Why not, when it cannot. */
  reason: string | null;
  /** What the download is. */
  format: string;
  fileName: string;
  /** The restore steps, in order, as shell commands and notes. */
  restoreSteps: string[];
}

export interface LanguageRow {
  toolId: string;
  toolName: string;
  /** The engine answering on this server. */
  engine: string;
  /** Languages the tool handles as designed, e.g. ["English"]. */
  languages: string[];
  notes: string;
  /** Whether staff turned the tool off. */
  enabled: boolean;
}

export interface LanguagesResponse {
  languageModel: boolean;
  tools: LanguageRow[];
}
