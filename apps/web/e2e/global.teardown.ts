import pg from 'pg';

/** Drops the run's own PostgreSQL database (see playwright.config.ts). */
export default async function teardown() {
  const url = process.env.E2E_DATABASE_URL;
  if (!url || !process.env.TEST_DATABASE_URL) return;
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}
