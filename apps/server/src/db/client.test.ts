import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { betaApplications } from './schema.ts';

describe('embedded database', () => {
  it('keeps data across a restart and re-applies migrations idempotently', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suite-db-'));
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(betaApplications).values({ name: '김민수', email: 'minsu@example.com', service: 'slack-ai' });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select().from(betaApplications);
    expect(rows.map((r) => r.name)).toEqual(['김민수']);
    await second.close();
  });

  it('has the extensions the services rely on', async () => {
    const d = await openDatabase({ dataDir: 'memory://' });
    await d.exec("SELECT similarity('검색팀을', '검색팀'); SELECT '[1,2)'::int4range && '[1,3)'::int4range;");
    await d.close();
  });
});
