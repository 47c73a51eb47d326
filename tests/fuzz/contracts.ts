/**
 * Which zod contract each route reads, so the fuzz suite can derive bad inputs from it. A route missing here is
 * still fuzzed (every route in app.routeAccess is), with random JSON and guessed query parameters, and the suite
 * lists it as such: add it here when it gets a contract.
 */
import { z } from 'zod';
import { DayRangeQuery, RevenueQuery, ToolPerformanceQuery, UserGrowthQuery } from '../../src/shared/api/admin-analytics';
import { AuditQuery } from '../../src/shared/api/admin-audit';
import * as adminBilling from '../../src/shared/api/admin-billing';
import { AdminApiKeysQuery, CreateApiKeyBody } from '../../src/shared/api/api-keys';
import * as auth from '../../src/shared/api/auth';
import * as billing from '../../src/shared/api/billing';
import * as blog from '../../src/shared/api/blog';
import * as ads from '../../src/shared/api/ads';
import { DetectRequest } from '../../src/shared/api/detector';
import { GrammarRequest } from '../../src/shared/api/grammar';
import { TtsRequest } from '../../src/shared/api/tts';
import { CodeExplainRequest, CodeGenerateRequest } from '../../src/shared/api/code';
import { ContentRequest } from '../../src/shared/api/content';
import { SeoRequest, SeoSuggestionsRequest } from '../../src/shared/api/seo-score';
import * as newsletter from '../../src/shared/api/newsletter';
import { LibraryDocumentRequest, PlagiarismRequest, REFERENCE_ORIGINS } from '../../src/shared/api/plagiarism';
import { UserSettingsUpdate } from '../../src/shared/api/user-settings';
import * as writing from '../../src/shared/api/writing';
import * as essay from '../../src/shared/api/essay';
import * as resume from '../../src/shared/api/resume';
import * as reports from '../../src/shared/api/reports';
import * as support from '../../src/shared/api/support';
import { PLAN_IDS } from '../../src/shared/plans';
import { IpAllowListBody, StaffTwoFactorBody } from '../../src/shared/api/admin-settings';
import { SettingsPatch } from '../../src/shared/settings';
import * as adminRoles from '../../src/shared/api/admin-roles';
import * as adminUsers from '../../src/shared/api/admin-users';
import * as seoText from '../../src/shared/api/keywords';

export interface RouteContract {
  body?: z.ZodType;
  query?: z.ZodType;
  /** Reads a tool input: JSON, or multipart with a file whose text is extracted (gets the upload and engine cases). */
  toolInput?: boolean;
}

// The plan editor's and the library list's schemas are private to their route files; these mirror their shapes.
const PlanUpdate = z.object({
  name: z.string(),
  price: z.number().int(),
  monthlyCharacters: z.number().int(),
  wordLimit: z.number().int(),
  dailyDetections: z.number().int().nullable(),
  description: z.string(),
  highlights: z.array(z.string()),
});
const LibraryListQuery = z.object({ origin: z.enum(REFERENCE_ORIGINS), limit: z.number().int(), offset: z.number().int() });
const GoogleCallbackQuery = z.object({ code: z.string(), state: z.string(), error: z.string() });

const tool = (body: z.ZodType): RouteContract => ({ body, toolInput: true });

export const CONTRACTS: Record<string, RouteContract> = {
  'PUT /api/admin/settings': { body: SettingsPatch },
  'PUT /api/admin/ip-allowlist': { body: IpAllowListBody },
  'PUT /api/admin/security/two-factor': { body: StaffTwoFactorBody },
  'POST /api/auth/login': { body: auth.LoginBody },
  'POST /api/auth/register': { body: auth.RegisterBody },
  'POST /api/auth/forgot-password': { body: auth.ForgotPasswordBody },
  'POST /api/auth/reset-password': { body: auth.ResetPasswordBody },
  'GET /api/auth/google/callback': { query: GoogleCallbackQuery },
  'GET /api/admin/library': { query: LibraryListQuery },
  'GET /api/admin/audit': { query: AuditQuery },
  'GET /api/admin/audit.csv': { query: AuditQuery },
  'GET /api/admin/tool-performance': { query: ToolPerformanceQuery },
  'GET /api/admin/usage': { query: DayRangeQuery },
  'GET /api/admin/usage.csv': { query: DayRangeQuery },
  'GET /api/admin/revenue': { query: RevenueQuery },
  'GET /api/admin/user-growth': { query: UserGrowthQuery },
  'GET /api/admin/export/users.csv': { query: DayRangeQuery },
  'GET /api/admin/export/payments.csv': { query: DayRangeQuery },
  'GET /api/admin/export/usage.csv': { query: DayRangeQuery },
  'POST /api/admin/library': tool(LibraryDocumentRequest),
  'POST /api/tools/content-detector': tool(DetectRequest),
  'POST /api/tools/ai-humanizer': tool(writing.HumanizeRequest),
  'POST /api/tools/ai-rewriter': tool(writing.RewriteRequest),
  'POST /api/tools/ai-summarizer': tool(writing.SummarizeRequest),
  'POST /api/tools/sentence-shortener': tool(writing.ShortenRequest),
  'POST /api/tools/text-expander': tool(writing.ExpandRequest),
  'POST /api/tools/essay-writer/outline': tool(essay.EssayRequest),
  'POST /api/tools/essay-writer': tool(essay.EssayRequest),
  'POST /api/tools/resume-writer/rewrite-bullets': tool(resume.BulletRewriteRequest),
  // the export reads a structured resume (JSON only), not a tool text
  'POST /api/tools/resume-writer/export': { body: resume.ResumeExportRequest },
  'POST /api/tools/grammar-fixer': tool(GrammarRequest),
  'POST /api/tools/text-to-speech': tool(TtsRequest),
  'POST /api/tools/code-explainer': tool(CodeExplainRequest),
  'POST /api/tools/code-explainer/prose': tool(CodeExplainRequest),
  'POST /api/tools/code-generator': tool(CodeGenerateRequest),
  'POST /api/tools/content-generator': tool(ContentRequest),
  'POST /api/tools/keyword-extractor': tool(seoText.KeywordRequest),
  'POST /api/tools/hashtag-generator': tool(seoText.HashtagRequest),
  'POST /api/tools/seo-meta-description': tool(seoText.MetaDescriptionRequest),
  'POST /api/tools/seo-score-analyzer': tool(SeoRequest),
  'POST /api/tools/seo-score-analyzer/suggestions': tool(SeoSuggestionsRequest),
  'POST /api/tools/plagiarism-checker': tool(PlagiarismRequest),
  'PUT /api/user/settings': { body: UserSettingsUpdate },
  'POST /api/billing/checkout': { body: billing.CheckoutBody },
  'POST /api/billing/change-plan': { body: billing.ChangePlanBody },
  'GET /api/user/usage': { query: billing.UsageQuery },
  'PATCH /api/user/profile': { body: billing.ProfileUpdateBody },
  'POST /api/user/password': { body: billing.PasswordChangeBody },
  'DELETE /api/user/account': { body: billing.DeleteAccountBody },
  'PUT /api/admin/plans/:id': { body: PlanUpdate },
  'GET /api/external-blog/posts': { query: blog.BlogListQuery },
  'POST /api/admin/blog/posts': { body: blog.BlogPostCreate },
  'PATCH /api/admin/blog/posts/:id': { body: blog.BlogPostUpdate },
  'POST /api/admin/ads': { body: ads.HouseAdCreate },
  'PATCH /api/admin/ads/:id': { body: ads.HouseAdUpdate },
  'PUT /api/admin/ads/network': { body: ads.AdNetworkSettings },
  'POST /api/newsletter/subscribe': { body: newsletter.NewsletterSubscribeBody },
  'POST /api/newsletter/confirm': { body: newsletter.NewsletterTokenBody },
  'POST /api/newsletter/unsubscribe': { body: newsletter.NewsletterTokenBody },
  'POST /api/support/tickets': { body: support.CreateTicketBody },
  'POST /api/support/tickets/:id/messages': { body: support.TicketMessageBody },
  'GET /api/admin/support-tickets': { query: support.AdminTicketsQuery },
  'POST /api/admin/support-tickets/:id/reply': { body: support.TicketMessageBody },
  'POST /api/admin/support-tickets/:id/status': { body: support.TicketStatusBody },
  'POST /api/reports': { body: reports.CreateReportBody },
  'GET /api/admin/reports': { query: reports.AdminReportsQuery },
  'POST /api/admin/reports/:id/review': { body: reports.ReviewReportBody },
  'GET /api/admin/detection-logs': { query: reports.DetectionLogsQuery },
  'POST /api/user/api-keys': { body: CreateApiKeyBody },
  'GET /api/admin/api-keys': { query: AdminApiKeysQuery },
  'GET /api/admin/payments': { query: adminBilling.AdminPaymentsQuery },
  'GET /api/admin/invoices': { query: adminBilling.AdminInvoicesQuery },
  'GET /api/admin/refund-requests': { query: adminBilling.AdminRefundRequestsQuery },
  'POST /api/admin/refund-requests/:id/approve': { body: adminBilling.ApproveRefundBody },
  'POST /api/admin/refund-requests/:id/refuse': { body: adminBilling.RefuseRefundBody },
  'POST /api/billing/payments/:id/refund-request': { body: adminBilling.RefundRequestBody },
  'GET /api/admin/users': { query: adminUsers.AdminUsersQuery },
  'POST /api/admin/users/:id/role': { body: adminUsers.AdminRoleBody },
  'POST /api/admin/users/:id/plan': { body: adminUsers.AdminPlanBody },
  'POST /api/admin/users/bulk': { body: adminUsers.AdminBulkBody },
  'DELETE /api/admin/users/:id': { body: adminUsers.AdminDeleteUserBody },
  'POST /api/admin/roles': { body: adminRoles.CreateRoleBody },
  'PATCH /api/admin/roles/:id': { body: adminRoles.UpdateRoleBody },
};

// The public API's tool routes read the same contracts as their web twins (toolRoute registers both).
for (const [key, contract] of Object.entries(CONTRACTS)) {
  if (key.startsWith('POST /api/tools/')) CONTRACTS[key.replace('POST /api/tools/', 'POST /api/v1/tools/')] = contract;
}

/** Path parameters whose valid values are known (an enum): the fuzzed body then reaches the handler. */
export const PARAM_VALUES: Record<string, string> = { 'PUT /api/admin/plans/:id': PLAN_IDS[1] };
