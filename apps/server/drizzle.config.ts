import { readFileSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

/**
 * The schema is split by module (schema.ts, schema-<module>.ts). The files that migrations already describe are
 * listed in drizzle/schema-files.json; `scripts/db-generate.mjs <name> <file>` adds a new one when its first migration
 * is generated, so a module's half-written schema never leaks into another module's migration.
 */
const listed = JSON.parse(readFileSync(new URL('./drizzle/schema-files.json', import.meta.url), 'utf8')) as string[];
const extra = process.env.DRIZZLE_EXTRA_SCHEMA ? [process.env.DRIZZLE_EXTRA_SCHEMA] : [];

export default defineConfig({
  dialect: 'postgresql',
  schema: [...new Set([...listed, ...extra])],
  out: './apps/server/drizzle',
});
