import { buildTemplate } from '../helpers/pglite-template';

/** Vitest global setup: build the migrated PGlite template once, before the test files (tests/helpers/pglite-template.ts). */
export default async function setup(): Promise<void> {
  await buildTemplate();
}
