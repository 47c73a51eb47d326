/**
 * Legacy paths that, in the product this one replaces, bypassed authentication.
 * Here each one only ever redirects to a real, guarded entry point.
 */
export const LEGACY_REDIRECTS: Record<string, string> = {
  '/admin-test': '/admin-login',
  '/admin-direct': '/admin-login',
  '/special-admin-login': '/admin-login',
  '/simple-super-admin': '/admin-login',
  '/super-admin-access': '/admin-login',
  '/temp-admin-dashboard': '/admin',
  '/super-admin-dashboard': '/admin',
  '/test-login': '/login',
  '/demo-dashboard': '/dashboard',
};
