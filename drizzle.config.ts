import { defineConfig } from 'drizzle-kit';

// Migrations are generated once and applied unchanged to PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
