/**
 * Legacy paths: test logins and standalone admin pages that, in the product this one replaces, bypassed
 * authentication or duplicated the admin area. Here each one only ever redirects to a real, guarded page (the admin
 * gate asks a visitor to sign in, and keeps a signed-in staff member where they were going).
 */
export const LEGACY_REDIRECTS: Record<string, string> = {
  '/admin-test': '/admin-login',
  '/admin-direct': '/admin-login',
  '/special-admin-login': '/admin-login',
  '/test-login': '/login',
  '/demo-dashboard': '/dashboard',
  '/temp-admin-dashboard': '/admin',
  '/super-admin-dashboard': '/admin',
  '/super-admin-access': '/admin',
  '/simple-super-admin': '/admin',
  '/simple-admin': '/admin',
  '/basic-admin': '/admin',
  '/basic-stats': '/admin',
  '/simple-user-management': '/admin/users',
  '/payment-management': '/admin/payments',
  '/admin-analytics': '/admin/usage',
  '/subscription-plans': '/admin/subscription-plans',
  '/system-settings': '/admin/settings',
  '/security-center': '/admin/security',
  '/content-management': '/admin/blog',
};
