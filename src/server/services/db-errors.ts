/**
 * Unique-constraint violations (SQLSTATE 23505) arrive from pg or PGlite directly, or wrapped by
 * drizzle in `cause`. Walk the chain rather than matching message text, which differs by driver.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
