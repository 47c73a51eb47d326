import { z } from 'zod';
import { TOOLS } from './catalogue';
import { ANON_LIMITS, ANON_WORD_LIMIT, type AnonAllowance } from './limits';
import { AdNetworkSettings, DEFAULT_AD_NETWORK } from './api/ads';

/**
 * The settings staff change at run time (/admin/settings, /admin/features, /admin/security, /admin/ip-whitelist).
 * They live in the database (`app_settings`, one row per setting, key `setting:<name>`, value JSON) and the server
 * reads them through services/settings.ts; a setting never saved has the default below, which is what the product
 * did before the setting existed. Environment variables stay for what a self-hoster sets once at deploy time.
 */

/** Catalogue tools staff may turn off (the working ones and the placeholders alike; "coming soon" entries are not tools yet). */
export const TOGGLEABLE_TOOL_IDS = TOOLS.filter((t) => !t.comingSoon).map((t) => t.id);

const ANON_KEYS = Object.keys(ANON_LIMITS) as AnonAllowance[];

/** Uses of each tool a visitor gets per 24 hours (see src/shared/limits.ts); 0 means visitors must sign up to use it. */
const AnonLimits = z.object(
  Object.fromEntries(ANON_KEYS.map((k) => [k, z.number().int('Enter a whole number').min(0, 'At least 0').max(10_000, 'At most 10,000')])) as Record<
    AnonAllowance,
    z.ZodNumber
  >,
);

export const MaintenanceBanner = z
  .object({
    enabled: z.boolean(),
    text: z.string().trim().max(300, 'At most 300 characters'),
  })
  .refine((b) => !b.enabled || b.text.length > 0, { path: ['text'], message: 'Write the text the banner shows, or turn the banner off' });

export const NotificationSettings = z.object({
  /** E-mail the staff address when a user opens a support ticket. */
  newSupportTicket: z.boolean(),
  /** E-mail the staff address when a user asks for a refund. */
  refundRequest: z.boolean(),
  /** Where staff notifications go; empty: the support e-mail. */
  staffEmail: z.union([z.literal(''), z.email('Enter a valid e-mail address').max(254)]),
});

/** One IPv4/IPv6 address or CIDR block; checked precisely on the server (services/ip-allowlist.ts). */
export const IpAllowList = z.array(z.string().trim().min(1).max(64)).max(200, 'At most 200 entries');

/**
 * The home page's marketing figures as staff want them worded (e.g. "10M+"); empty: the server shows what it can
 * measure itself (src/server/services/site-claims.ts). What staff type here is shown as is - the operator answers for it.
 */
const ClaimText = z.string().trim().max(40, 'At most 40 characters');
export const ClaimOverrides = z.object({
  piecesAnalysed: ClaimText,
  accuracy: ClaimText,
  activeUsers: ClaimText,
  availability: ClaimText,
});
export type ClaimOverrides = z.infer<typeof ClaimOverrides>;

export const SettingsSchema = z.object({
  siteName: z.string().trim().min(1, 'The site needs a name').max(60, 'At most 60 characters'),
  supportEmail: z.email('Enter a valid e-mail address').max(254),
  maintenanceBanner: MaintenanceBanner,
  signupsOpen: z.boolean(),
  /** Words per request for visitors who are not logged in. */
  anonWordLimit: z.number().int('Enter a whole number').min(1, 'At least 1 word').max(100_000, 'At most 100,000 words'),
  anonLimits: AnonLimits,
  notifications: NotificationSettings,
  requireStaffTwoFactor: z.boolean(),
  /** Catalogue tool ids turned off: their API refuses and their page says so. */
  disabledTools: z.array(z.enum(TOGGLEABLE_TOOL_IDS as [string, ...string[]], { message: 'Unknown tool' })).max(TOGGLEABLE_TOOL_IDS.length),
  /** Addresses and CIDR blocks allowed to use the administrator area; empty: no restriction. */
  ipAllowList: IpAllowList,
  /** Days a check stays in a user's history (/history) before the daily sweep deletes it. */
  historyRetentionDays: z.number().int('Enter a whole number of days').min(1, 'At least 1 day').max(3650, 'At most 3,650 days (10 years)'),
  /** The home page's marketing figures; an empty one is measured by the server. */
  claims: ClaimOverrides,
  /** The ad network (AdSense-style) for visitors and free users who accept optional cookies; changed on /admin/ads ('ads:manage'). */
  adNetwork: AdNetworkSettings,
});

export type Settings = z.infer<typeof SettingsSchema>;
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  siteName: 'Veritext',
  supportEmail: 'support@veritext.example',
  maintenanceBanner: { enabled: false, text: '' },
  signupsOpen: true,
  anonWordLimit: ANON_WORD_LIMIT,
  anonLimits: { ...ANON_LIMITS },
  notifications: { newSupportTicket: true, refundRequest: true, staffEmail: '' },
  requireStaffTwoFactor: false,
  disabledTools: [],
  ipAllowList: [],
  historyRetentionDays: 90,
  claims: { piecesAnalysed: '', accuracy: '', activeUsers: '', availability: '' },
  adNetwork: DEFAULT_AD_NETWORK,
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** How each setting is named in the audit log and on the pages. */
export const SETTING_LABELS: Record<SettingKey, string> = {
  siteName: 'Site name',
  supportEmail: 'Support e-mail',
  maintenanceBanner: 'Maintenance banner',
  signupsOpen: 'Sign-ups open',
  anonWordLimit: 'Visitor words per request',
  anonLimits: 'Visitor daily allowances',
  notifications: 'Staff notifications',
  requireStaffTwoFactor: 'Require two-factor for staff',
  disabledTools: 'Tools turned off',
  ipAllowList: 'Admin IP allow-list',
  historyRetentionDays: 'History retention (days)',
  claims: 'Home page figures',
  adNetwork: 'Ad network',
};

/** Settings changed on /admin/settings and /admin/features ('settings:edit'). */
export const GENERAL_SETTING_KEYS = [
  'siteName',
  'supportEmail',
  'maintenanceBanner',
  'signupsOpen',
  'anonWordLimit',
  'anonLimits',
  'notifications',
  'disabledTools',
  'historyRetentionDays',
  'claims',
] as const satisfies readonly SettingKey[];

/** PUT /api/admin/settings: any of the general settings; the others belong to the security pages ('security:manage'). */
export const SettingsPatch = SettingsSchema.pick({
  siteName: true,
  supportEmail: true,
  maintenanceBanner: true,
  signupsOpen: true,
  anonWordLimit: true,
  anonLimits: true,
  notifications: true,
  disabledTools: true,
  historyRetentionDays: true,
  claims: true,
})
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** The visitor-facing part of the settings (GET /api/site): nothing here is secret. */
export const SiteInfo = z.object({
  siteName: z.string(),
  supportEmail: z.string(),
  maintenanceBanner: z.object({ enabled: z.boolean(), text: z.string() }),
  signupsOpen: z.boolean(),
  disabledTools: z.array(z.string()),
  anonWordLimit: z.number(),
  anonLimits: z.record(z.string(), z.number()),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

export function siteInfoOf(s: Settings): SiteInfo {
  return {
    siteName: s.siteName,
    supportEmail: s.supportEmail,
    maintenanceBanner: s.maintenanceBanner.enabled ? s.maintenanceBanner : { enabled: false, text: '' },
    signupsOpen: s.signupsOpen,
    disabledTools: s.disabledTools,
    anonWordLimit: s.anonWordLimit,
    anonLimits: s.anonLimits,
  };
}

export const SIGNUPS_CLOSED_MESSAGE = 'Sign-ups are closed at the moment. Please try again later, or contact support.';

/** The refusal for a tool staff turned off (Feature Toggles). */
export function toolDisabledMessage(toolName: string): string {
  return `The ${toolName} is turned off on this site at the moment. Please try again later or use another tool.`;
}

const ANON_USE_NAMES: Record<AnonAllowance, string> = {
  detect: 'detections',
  humanize: 'humanizations',
  rewrite: 'rewrites',
  summarize: 'summaries',
  shorten: 'shortenings',
  expand: 'expansions',
  grammar: 'grammar checks',
  plagiarism: 'plagiarism checks',
  keywords: 'keyword extractions',
  hashtags: 'hashtag suggestions',
  seo: 'SEO analyses',
  code: 'code explanations',
  generate: 'generations with the language model',
  speech: 'text-to-speech recordings',
  caption: 'image captions',
  deepfake: 'deepfake checks',
};

/** A visitor's refusal when staff changed the allowance from its default (the default keeps LIMIT_MESSAGES' wording). */
export function anonLimitMessage(anon: AnonAllowance, limit: number): string {
  if (limit === 0) return `Please sign up for a free account to use this tool: visitors cannot use it without an account.`;
  return `Free users are limited to ${limit} ${ANON_USE_NAMES[anon]} a day. Please sign up for a free account to continue.`;
}
