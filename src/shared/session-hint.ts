/**
 * A readable cookie ("1") that the server sets beside the httpOnly session cookie and clears with it. It says only that
 * this browser may be signed in, so the app asks GET /api/auth/me on public pages only then (SPEC: the call is skipped
 * on public routes for visitors); the session itself stays unreadable to scripts.
 */
export const SIGNED_IN_HINT_COOKIE = 'vt_signed_in';
