import { Suspense, useEffect, type ComponentType } from 'react';
import { lazy } from '@/client/lib/hydration';
import { Navigate, Outlet, createBrowserRouter, redirect, useLocation, useParams, useRouteError, type RouteObject } from 'react-router';
import { useNativeStartup } from './lib/native/startup';
import { TOOL_COLLECTIONS } from '@/shared/catalogue';
import { LEGACY_REDIRECTS } from '@/shared/routes';
import { useCurrentUser } from './lib/auth';
import { comparisonCompetitor, competitorSlugs } from './lib/comparison';
import { usePageTitle } from './lib/title';
import { useRouteFocus } from './lib/useRouteFocus';
import { useRouteTitle } from './lib/useRouteTitle';
import { SiteLayout, type RouteHandle } from './components/layout/SiteLayout';
import { Button } from './components/ui/button';
import { PageSpinner } from './components/ui/spinner';
import NotFoundPage from './pages/NotFoundPage';
import ToolPage, { toolTitle } from './pages/tools/ToolPage';

export { comparisonCompetitor, competitorSlugs };

// Marketing and content pages (written separately); each renders only its page body.
const HomePage = lazy(() => import('./pages/home/HomePage'));
const AboutPage = lazy(() => import('./pages/content/AboutPage'));
const ContactPage = lazy(() => import('./pages/content/ContactPage'));
const FaqPage = lazy(() => import('./pages/content/FaqPage'));
const PrivacyPage = lazy(() => import('./pages/content/PrivacyPage'));
const TermsPage = lazy(() => import('./pages/content/TermsPage'));
const DisclaimerPage = lazy(() => import('./pages/content/DisclaimerPage'));
const RefundPage = lazy(() => import('./pages/content/RefundPage'));
const CookiesPage = lazy(() => import('./pages/content/CookiesPage'));
const AdvertisePage = lazy(() => import('./pages/content/AdvertisePage'));
const BlogPage = lazy(() => import('./pages/content/BlogPage'));
const BlogPostPage = lazy(() => import('./pages/content/BlogPostPage'));
const ToolsIndexPage = lazy(() => import('./pages/content/ToolsIndexPage'));
const ToolCollectionPage = lazy(() => import('./pages/content/ToolCollectionPage'));
const DevelopersPage = lazy(() => import('./pages/content/DevelopersPage'));
const SearchPage = lazy(() => import('./pages/content/SearchPage'));
const DevMailboxPage = lazy(() => import('./pages/dev/DevMailboxPage'));

// Plans, account (forms, dialogs) and usage (chart) pages: loaded on demand.
const PricingPage = lazy(() => import('./pages/user/PricingPage'));
const DashboardPage = lazy(() => import('./pages/user/DashboardPage'));
const AccountPage = lazy(() => import('./pages/user/AccountPage'));
const UsagePage = lazy(() => import('./pages/user/UsagePage'));
const BatchPage = lazy(() => import('./pages/user/BatchPage'));

// Auth and admin screens carry the form validation (zod) and admin code: loaded on demand.
const LoginPage = lazy(() => import('./pages/auth/LoginPage'));
const AdminLoginPage = lazy(() => import('./pages/auth/LoginPage').then((m) => ({ default: m.AdminLoginPage })));
const RegisterPage = lazy(() => import('./pages/auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/auth/ResetPasswordPage'));
const NewsletterConfirmPage = lazy(() => import('./pages/newsletter/NewsletterConfirmPage'));
const NewsletterUnsubscribePage = lazy(() => import('./pages/newsletter/NewsletterUnsubscribePage'));
const AdminGate = lazy(() => import('./pages/admin/AdminGate'));
const AdminDashboard = lazy(() => import('./pages/admin/AdminPages').then((m) => ({ default: m.AdminDashboard })));
const AdminSection = lazy(() => import('./pages/admin/AdminPages').then((m) => ({ default: m.AdminSection })));
const AdminLibraryPage = lazy(() => import('./pages/admin/AdminLibraryPage'));
const AdminBlogPage = lazy(() => import('./pages/admin/AdminBlogPage'));
const AdminAdsPage = lazy(() => import('./pages/admin/AdminAdsPage'));
const AdminAuditPage = lazy(() => import('./pages/admin/AdminAuditPage'));
const AdminUsersPage = lazy(() => import('./pages/admin/AdminUsersPage'));
const AdminUserDetailPage = lazy(() => import('./pages/admin/AdminUserDetailPage'));
const AdminPlansPage = lazy(() => import('./pages/admin/AdminPlansPage'));
const AdminToolPerformancePage = lazy(() => import('./pages/admin/AdminToolPerformancePage'));
const AdminUsagePage = lazy(() => import('./pages/admin/AdminUsagePage'));
const AdminUsageStatsPage = lazy(() => import('./pages/admin/AdminUsageStatsPage'));
const AdminRevenuePage = lazy(() => import('./pages/admin/AdminRevenuePage'));
const AdminUserGrowthPage = lazy(() => import('./pages/admin/AdminUserGrowthPage'));
const AdminMonitorPage = lazy(() => import('./pages/admin/AdminMonitorPage'));
const AdminExportPage = lazy(() => import('./pages/admin/AdminExportPage'));
const AdminRolesPage = lazy(() => import('./pages/admin/AdminRolesPage'));
const AdminAccessPage = lazy(() => import('./pages/admin/AdminAccessPage'));
const AdminUserActionsPage = lazy(() => import('./pages/admin/AdminUserActionsPage'));
const AdminProfilePage = lazy(() => import('./pages/admin/AdminProfilePage'));
const AdminSettingsPage = lazy(() => import('./pages/admin/AdminSettingsPage'));
const AdminFeaturesPage = lazy(() => import('./pages/admin/AdminFeaturesPage'));
const AdminIpWhitelistPage = lazy(() => import('./pages/admin/AdminIpWhitelistPage'));
const AdminSecurityPage = lazy(() => import('./pages/admin/AdminSecurityPage'));
const AdminBackupPage = lazy(() => import('./pages/admin/AdminBackupPage'));
const AdminLanguagesPage = lazy(() => import('./pages/admin/AdminLanguagesPage'));
const AdminSupportTicketsPage = lazy(() => import('./pages/admin/AdminSupportTicketsPage'));
const AdminReportsPage = lazy(() => import('./pages/admin/AdminReportsPage'));
const AdminDetectionLogsPage = lazy(() => import('./pages/admin/AdminDetectionLogsPage'));
const AdminApiKeysPage = lazy(() => import('./pages/admin/AdminApiKeysPage'));
const AdminPaymentsPage = lazy(() => import('./pages/admin/AdminPaymentsPage'));
const AdminInvoicesPage = lazy(() => import('./pages/admin/AdminInvoicesPage'));
const AdminRefundsPage = lazy(() => import('./pages/admin/AdminRefundsPage'));
const AdminBatchProcessingPage = lazy(() => import('./pages/admin/AdminBatchProcessingPage'));
const InvoicePage = lazy(() => import('./pages/user/InvoicePage'));
// Scan history and saved reports (features/history); /r/:token is a shared report, open to anyone with the link.
const HistoryPage = lazy(() => import('./features/history/HistoryPage'));
const HistoryItemPage = lazy(() => import('./features/history/HistoryItemPage'));
const ReportsPage = lazy(() => import('./features/history/ReportsPage'));
const ReportPage = lazy(() => import('./features/history/ReportPage'));
const SharedReportPage = lazy(() => import('./features/history/SharedReportPage'));

function NotFoundRoute() {
  usePageTitle('Page Not Found');
  return <NotFoundPage />;
}

/** /:slug — a comparison page when the slug names a known competitor, otherwise the 404 page. */
const ComparisonOrNotFound = lazy(async () => {
  const mod = (await import('./pages/content/ComparisonPage')) as { default: ComponentType; COMPETITORS?: unknown };
  const Page = mod.default;
  const competitors = competitorSlugs(mod.COMPETITORS);
  function ComparisonRoute() {
    const { slug = '' } = useParams();
    return comparisonCompetitor(slug, competitors) ? <Page /> : <NotFoundRoute />;
  }
  return { default: ComparisonRoute };
});

/** /tools/:collection — a category page, or a tool (or placeholder) by slug. */
function ToolsSlugRoute() {
  const { collection = '' } = useParams();
  if (TOOL_COLLECTIONS.some((c) => c.slug === collection)) return <ToolCollectionPage />;
  return <ToolPage slug={collection} />;
}

function toolsSlugTitle(params: Record<string, string | undefined>): string {
  const slug = params.collection ?? '';
  return TOOL_COLLECTIONS.find((c) => c.slug === slug)?.title ?? toolTitle(slug);
}

/** Auth gate: decide nothing while loading; no user -> /login; otherwise the page. */
function RequireUser() {
  const { user, isLoading } = useCurrentUser({ required: true });
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Root: title from route handles, scroll to top and focus on the new page's heading on route change. */
function RootShell() {
  const { pathname, hash } = useLocation();
  useRouteTitle();
  useRouteFocus(pathname, hash);
  // the mobile app's start (status bar, splash, push, back button): an effect, so after hydration; nothing on the web
  useNativeStartup();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}

function RouteError() {
  const error = useRouteError();
  console.warn('Route error', error);
  return (
    <div className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">This page could not be displayed. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </div>
  );
}

const h = (handle: RouteHandle) => handle;

const contentRoutes: RouteObject[] = [
  { path: 'about', element: <AboutPage />, handle: h({ title: 'About Us' }) },
  { path: 'contact', element: <ContactPage />, handle: h({ title: 'Contact Us' }) },
  { path: 'faq', element: <FaqPage />, handle: h({ title: 'Frequently Asked Questions' }) },
  { path: 'privacy', element: <PrivacyPage />, handle: h({ title: 'Privacy Policy' }) },
  { path: 'terms', element: <TermsPage />, handle: h({ title: 'Terms of Service' }) },
  { path: 'disclaimer', element: <DisclaimerPage />, handle: h({ title: 'Disclaimer' }) },
  { path: 'refund', element: <RefundPage />, handle: h({ title: 'Refund Policy' }) },
  { path: 'refund-policy', element: <RefundPage />, handle: h({ title: 'Refund Policy' }) },
  { path: 'cookies', element: <CookiesPage />, handle: h({ title: 'Cookie Policy' }) },
  { path: 'cookies-policy', element: <CookiesPage />, handle: h({ title: 'Cookie Policy' }) },
  { path: 'advertise', element: <AdvertisePage />, handle: h({ title: 'Advertise With Us' }) },
  { path: 'blog', element: <BlogPage />, handle: h({ title: 'Blog' }) },
  { path: 'blog/:slug', element: <BlogPostPage />, handle: h({ title: 'Blog' }) },
  { path: 'developers', element: <DevelopersPage />, handle: h({ title: 'API documentation' }) },
  { path: 'search', element: <SearchPage />, handle: h({ title: 'Search' }) },
];

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    children: [
      // Legacy shortcuts only ever lead to real, guarded entry points (the server redirects them too).
      ...Object.entries(LEGACY_REDIRECTS).map(([from, to]) => ({ path: from, loader: () => redirect(to) })),
      { path: 'super-admin', loader: () => redirect('/admin') },
      { path: 'super-admin/dashboard', loader: () => redirect('/admin') },
      { path: 'super-admin/user-management', loader: () => redirect('/admin/users') },
      {
        path: 'admin',
        element: (
          <Suspense fallback={<PageSpinner className="min-h-screen" />}>
            <AdminGate />
          </Suspense>
        ),
        handle: h({ title: 'Admin' }),
        children: [
          { index: true, element: <AdminDashboard />, handle: h({ title: 'Admin Dashboard' }) },
          { path: 'library', element: <AdminLibraryPage />, handle: h({ title: 'Reference Library' }) },
          { path: 'blog', element: <AdminBlogPage />, handle: h({ title: 'Blog Posts' }) },
          { path: 'ads', element: <AdminAdsPage />, handle: h({ title: 'Ads' }) },
          { path: 'audit', element: <AdminAuditPage />, handle: h({ title: 'Audit Logs' }) },
          { path: 'users', element: <AdminUsersPage />, handle: h({ title: 'User Directory' }) },
          { path: 'users/:id', element: <AdminUserDetailPage />, handle: h({ title: 'User' }) },
          { path: 'subscription-plans', element: <AdminPlansPage />, handle: h({ title: 'Plan Management' }) },
          { path: 'tool-performance', element: <AdminToolPerformancePage />, handle: h({ title: 'Tool Performance' }) },
          { path: 'usage', element: <AdminUsagePage />, handle: h({ title: 'Usage Monitoring' }) },
          { path: 'usage-statistics', element: <AdminUsageStatsPage />, handle: h({ title: 'Usage Statistics' }) },
          { path: 'revenue', element: <AdminRevenuePage />, handle: h({ title: 'Revenue' }) },
          { path: 'user-growth', element: <AdminUserGrowthPage />, handle: h({ title: 'User Growth' }) },
          { path: 'monitor', element: <AdminMonitorPage />, handle: h({ title: 'Real-time Monitor' }) },
          { path: 'export', element: <AdminExportPage />, handle: h({ title: 'Export Reports' }) },
          { path: 'roles', element: <AdminRolesPage />, handle: h({ title: 'Role Management' }) },
          { path: 'access', element: <AdminAccessPage />, handle: h({ title: 'Access Control' }) },
          { path: 'user-actions', element: <AdminUserActionsPage />, handle: h({ title: 'Account Actions' }) },
          { path: 'profile', element: <AdminProfilePage />, handle: h({ title: 'Admin Profile' }) },
          { path: 'support-tickets', element: <AdminSupportTicketsPage />, handle: h({ title: 'Support Tickets' }) },
          { path: 'reports', element: <AdminReportsPage />, handle: h({ title: 'Report Management' }) },
          { path: 'detection-logs', element: <AdminDetectionLogsPage />, handle: h({ title: 'AI Detection Logs' }) },
          { path: 'api-keys', element: <AdminApiKeysPage />, handle: h({ title: 'API Keys' }) },
          { path: 'payments', element: <AdminPaymentsPage />, handle: h({ title: 'Payments' }) },
          { path: 'invoices', element: <AdminInvoicesPage />, handle: h({ title: 'Invoices' }) },
          { path: 'refunds', element: <AdminRefundsPage />, handle: h({ title: 'Refund Management' }) },
          { path: 'batch-processing', element: <AdminBatchProcessingPage />, handle: h({ title: 'Batch Processing' }) },
          { path: 'settings', element: <AdminSettingsPage />, handle: h({ title: 'Settings' }) },
          { path: 'features', element: <AdminFeaturesPage />, handle: h({ title: 'Feature Toggles' }) },
          { path: 'ip-whitelist', element: <AdminIpWhitelistPage />, handle: h({ title: 'IP Whitelisting' }) },
          { path: 'security', element: <AdminSecurityPage />, handle: h({ title: 'Security' }) },
          { path: 'backup', element: <AdminBackupPage />, handle: h({ title: 'Backup & Recovery' }) },
          { path: 'languages', element: <AdminLanguagesPage />, handle: h({ title: 'Language Support' }) },
          // its title comes from the admin menu, which AdminSection sets itself (the menu is not in the visitor's bundle)
          { path: '*', element: <AdminSection /> },
        ],
      },
      // A payment's invoice: a page of its own (no site chrome) so it prints clean; its buyer or payment staff may open it.
      {
        element: <RequireUser />,
        children: [
          {
            path: 'invoices/:id',
            element: (
              <Suspense fallback={<PageSpinner className="min-h-screen" />}>
                <InvoicePage />
              </Suspense>
            ),
            handle: h({ title: 'Invoice' }),
          },
        ],
      },
      {
        element: <SiteLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', element: <LoginPage />, handle: h({ title: 'Log in' }) },
          { path: 'register', element: <RegisterPage />, handle: h({ title: 'Sign up' }) },
          { path: 'forgot-password', element: <ForgotPasswordPage />, handle: h({ title: 'Forgot password' }) },
          { path: 'reset-password', element: <ResetPasswordPage />, handle: h({ title: 'Reset password' }) },
          { path: 'newsletter/confirm', element: <NewsletterConfirmPage />, handle: h({ title: 'Confirm newsletter subscription' }) },
          { path: 'newsletter/unsubscribe', element: <NewsletterUnsubscribePage />, handle: h({ title: 'Unsubscribe from the newsletter' }) },
          { path: 'admin-login', element: <AdminLoginPage />, handle: h({ title: 'Admin sign in' }) },
          { path: 'pricing', element: <PricingPage />, handle: h({ title: 'Pricing' }) },
          { path: 'dev/mailbox', element: <DevMailboxPage />, handle: h({ title: 'Development mailbox' }) },
          ...contentRoutes,
          { path: 'tools', element: <ToolsIndexPage />, handle: h({ title: 'AI Tools', sidebar: true }) },
          { path: 'tools/:collection', element: <ToolsSlugRoute />, handle: h({ title: toolsSlugTitle, sidebar: true }) },
          {
            element: <RequireUser />,
            handle: h({ sidebar: true }),
            children: [
              { path: 'dashboard', element: <DashboardPage />, handle: h({ title: 'Dashboard' }) },
              { path: 'account', element: <AccountPage />, handle: h({ title: 'Account Settings' }) },
              { path: 'usage', element: <UsagePage />, handle: h({ title: 'Usage' }) },
              { path: 'history', element: <HistoryPage />, handle: h({ title: 'History' }) },
              { path: 'history/:id', element: <HistoryItemPage />, handle: h({ title: 'History' }) },
              { path: 'reports', element: <ReportsPage />, handle: h({ title: 'Saved reports' }) },
              { path: 'reports/:id', element: <ReportPage />, handle: h({ title: 'Saved report' }) },
              { path: 'batch', element: <BatchPage />, handle: h({ title: 'Batch checks' }) },
            ],
          },
          { path: 'r/:token', element: <SharedReportPage />, handle: h({ title: 'Shared report' }) },
          { path: ':slug', element: <ComparisonOrNotFound /> },
          { path: '*', element: <NotFoundRoute />, handle: h({ title: 'Page Not Found' }) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
