import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko, ZPrivacyPolicy, type TPrivacyPolicy } from '@suite/shared';
import { ConfigError, loadConfig } from '../../config.ts';
import { COMPANY_ENV } from '../../test-support/company-env.ts';
import { createTestApp, dbKinds, testConfig, type TTestApp } from '../../test/helpers.ts';
import { DATA_MAP } from './data-map.ts';
import type { TTableMap } from './data-map.types.ts';
import { RECIPIENTS } from './recipients.ts';
import { columnLabel, retentionText } from './policy-articles.ts';
import { BROWSER_STORAGE } from './policy-browser-storage.ts';
import { currentPolicyVersion, POLICY_VERSIONS } from './policy-versions.ts';
import { generatePolicy, policyHash } from './policy.ts';

const t = ko.privacy.policy;
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** All the policy's text, article by article (titles, paragraphs, items, table cells). */
const textOf = (p: TPrivacyPolicy) =>
  [
    p.intro,
    ...p.articles.flatMap((a) => [a.title, ...a.paragraphs, ...a.items, ...a.tables.flatMap((x) => [...x.columns, ...x.rows.flat()]), ...a.after]),
    ...p.closing,
  ].join('\n');
const articleText = (p: TPrivacyPolicy, id: string) => {
  const a = p.articles.find((x) => x.id === id)!;
  return [a.title, ...a.paragraphs, ...a.items, ...a.tables.flatMap((x) => x.rows.flat()), ...a.after].join('\n');
};

describe('the version history', () => {
  it('records the hash of the policy generated now: a change to the map or the generator needs a new version', () => {
    const hash = policyHash();
    const current = currentPolicyVersion();
    if (current.hash !== hash) {
      expect.fail(
        `The generated privacy policy changed (hash ${hash}, the current version ${current.version} records ${current.hash}). ` +
          `Add a new version at the end of POLICY_VERSIONS in apps/server/src/modules/privacy/policy-versions.ts: ` +
          `{ version: '${Number(current.version) + 1}', effective: 'YYYY-MM-DD', summary: '<what changed, in Korean>', hash: '${hash}' } ` +
          `(the operator must announce it 7 days ahead, 30 for important changes).`,
      );
    }
  });

  it('numbers versions in order, with effective dates in order and one hash per generated version', () => {
    POLICY_VERSIONS.forEach((v, i) => {
      expect(v.version).toBe(String(i + 1));
      expect(v.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(v.summary.length).toBeGreaterThan(3);
      if (i > 0) expect(v.effective > POLICY_VERSIONS[i - 1]!.effective).toBe(true);
    });
    const hashes = POLICY_VERSIONS.flatMap((v) => (v.hash ? [v.hash] : []));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('notices a planted column: the hash changes and the new column is in the text', () => {
    const planted: TTableMap = {
      table: 'planted_things',
      label: '심어 둔 표',
      personal: { planted_col: { category: 'profile', purpose: 'support', basis: 'consent', readers: ['self'] } },
      other: ['id'],
      retention: { kind: 'days', days: 123, column: 'created_at', note: '심어 둔 근거' },
    };
    const sources = { map: [...DATA_MAP, planted], recipients: RECIPIENTS };
    expect(policyHash(sources)).not.toBe(policyHash());
    const text = textOf(generatePolicy(testConfig(), sources));
    for (const s of ['planted_col (심어 둔 표)', '123일', '심어 둔 근거', t.purposeShort.support!]) expect(text).toContain(s);
  });
});

describe('the generated text covers the map and the recipients', () => {
  const policy = generatePolicy(testConfig({ SMTP_URL: 'smtp://127.0.0.1:4400' }));
  const text = textOf(policy);

  it('names every personal column with its category, purpose and legal basis', () => {
    const items = articleText(policy, 'items');
    for (const e of DATA_MAP) {
      for (const [col, c] of Object.entries(e.personal)) {
        const row = policy.articles
          .find((a) => a.id === 'items')!
          .tables[0]!.rows.find((r) => r[0] === t.purposeShort[c.purpose] && r[1] === t.categories[c.category]);
        expect(row, `${e.table}.${col}`).toBeDefined();
        const entry = row![2]!.split('; ').find((x) => x.startsWith(`${columnLabel(e.table, col)} (`));
        expect(entry, `${e.table}.${col}`).toBeDefined();
        expect(entry!.slice(columnLabel(e.table, col).length + 2, -1).split(', ')).toContain(e.label);
        expect(row![3]).toContain(t.bases[c.basis]);
        expect(text).toContain(t.purposes[c.purpose]);
      }
    }
    expect(items).toContain(t.itemsOptional);
  });

  it('names every personal column in Korean (ko.privacy.policy.columns), never by its database name', () => {
    const missing = DATA_MAP.flatMap((e) => Object.keys(e.personal).flatMap((c) => (columnLabel(e.table, c) === c ? [`${e.table}.${c}`] : [])));
    expect(missing, 'add these to ko.privacy.policy.columns in packages/shared/src/messages/ko-privacy.ts').toEqual([]);
  });

  it('states every retention period and every law', () => {
    const retention = articleText(policy, 'retention');
    for (const e of DATA_MAP) {
      const r = retentionText(e.retention);
      if (!r || !Object.keys(e.personal).length) continue;
      expect(retention).toContain(r[0]);
      expect(retention).toContain(r[1]);
      if (e.retention.kind === 'law') expect(retention).toContain(`${e.retention.years}년`);
    }
  });

  it('lists every recipient under provision or processing, each abroad or unknown one under transfer abroad, and which are in use', () => {
    for (const r of RECIPIENTS) {
      const where = articleText(policy, r.role === 'processor' ? 'processors' : 'thirdParty');
      expect(where).toContain(r.name);
      expect(where).toContain(r.purpose);
      for (const i of r.items) expect(where).toContain(i);
      const abroad = articleText(policy, 'abroad');
      if (r.location === '대한민국') expect(abroad).not.toContain(r.name);
      else expect(abroad).toContain(`${r.name}\n${r.location ?? t.abroadUnknown}`);
    }
    const rows = policy.articles.find((a) => a.id === 'processors')!.tables[0]!.rows;
    expect(rows.find((r) => r[0] === '메일 발송 서비스(SMTP)')![3]).toBe(t.inUse);
    expect(rows.find((r) => r[0] === '토스페이먼츠')![3]).toBe(t.ifConfigured);
  });

  it('has the articles a regulator expects, in order, with the standard agencies and the version history', () => {
    expect(policy.articles.map((a) => a.title)).toEqual(Object.values(t.titles).map((title, i) => t.article(i + 1, title)));
    for (const n of ['1833-6972', '118', '1301', '182']) expect(articleText(policy, 'remedies')).toContain(n);
    for (const v of POLICY_VERSIONS) expect(articleText(policy, 'changes')).toContain(v.summary);
    expect(articleText(policy, 'rights')).toContain('/settings/privacy');
    expect(articleText(policy, 'rights')).toContain(`제${policy.articles.findIndex((a) => a.id === 'officer') + 1}조의 개인정보 보호책임자`);
    expect(policy.closing.at(-1)).toBe(t.closing(t.date(currentPolicyVersion().effective)));
  });
});

describe('what the browser stores (자동 수집 장치)', () => {
  /** Files that write cookies, web storage or IndexedDB (tests aside). */
  function writers(dir: string, pattern: RegExp): string[] {
    return readdirSync(dir).flatMap((f) => {
      const path = join(dir, f);
      if (statSync(path).isDirectory()) return f === 'node_modules' || f === 'testing' ? [] : writers(path, pattern);
      if (!/\.(ts|tsx)$/.test(f) || /\.test\.tsx?$/.test(f)) return [];
      return pattern.test(readFileSync(path, 'utf8')) ? [relative(ROOT, path)] : [];
    });
  }

  it('lists every file of the web app that writes to the browser, and the server-set cookies', () => {
    const web = writers(join(ROOT, 'apps/web/src'), /(localStorage|sessionStorage)\.setItem|document\.cookie\s*=|indexedDB\.open/);
    const server = writers(join(ROOT, 'apps/server/src'), /header\('set-cookie'/);
    expect([...new Set(BROWSER_STORAGE.map((b) => b.source))].sort()).toEqual([...web, ...server].sort());
  });
});

describe('the operator and the privacy officer come from configuration', () => {
  it('production refuses to start without PRIVACY_OFFICER_NAME and PRIVACY_OFFICER_EMAIL', () => {
    const { PRIVACY_OFFICER_NAME: _n, PRIVACY_OFFICER_EMAIL: _e, ...company } = COMPANY_ENV;
    const env = {
      NODE_ENV: 'production',
      APP_URL: 'https://tools.example.com',
      AUTH_SECRET: 'x'.repeat(48),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      ...company,
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/PRIVACY_OFFICER_NAME, PRIVACY_OFFICER_EMAIL/);
    expect(loadConfig({ ...env, ...COMPANY_ENV }).privacyOfficer).toEqual({ name: COMPANY_ENV.PRIVACY_OFFICER_NAME, email: COMPANY_ENV.PRIVACY_OFFICER_EMAIL });
  });

  describe.each(dbKinds)('GET /api/privacy/policy on %s', (kind) => {
    let set: TTestApp;
    let unset: TTestApp;
    beforeAll(async () => {
      set = await createTestApp(kind, { env: COMPANY_ENV, jobs: false });
      unset = await createTestApp(kind, { jobs: false });
    });
    afterAll(async () => {
      await set?.close();
      await unset?.close();
    });

    it('answers without signing in, with the configured operator and officer', async () => {
      const res = await set.app.inject({ method: 'GET', url: '/api/privacy/policy' });
      expect(res.statusCode).toBe(200);
      const p = ZPrivacyPolicy.parse(res.json());
      expect(p.version).toBe(currentPolicyVersion().version);
      expect(p.intro.startsWith(`${COMPANY_ENV.COMPANY_NAME}(이하 "회사")`)).toBe(true);
      expect(p.operator).toMatchObject({
        name: COMPANY_ENV.COMPANY_NAME,
        representative: COMPANY_ENV.COMPANY_REPRESENTATIVE,
        businessNumber: COMPANY_ENV.COMPANY_BUSINESS_NUMBER,
      });
      expect(p.officer).toEqual({ name: COMPANY_ENV.PRIVACY_OFFICER_NAME, email: COMPANY_ENV.PRIVACY_OFFICER_EMAIL });
      const officer = articleText(p, 'officer');
      expect(officer).toContain(t.officerName(COMPANY_ENV.PRIVACY_OFFICER_NAME));
      expect(officer).toContain(t.officerEmail(COMPANY_ENV.PRIVACY_OFFICER_EMAIL));
      expect(officer).not.toContain(t.officerUnset);
      // The officer reaches the browser only here, not in the public configuration.
      const config = await set.app.inject({ method: 'GET', url: '/api/auth/config' });
      expect(config.body).not.toContain(COMPANY_ENV.PRIVACY_OFFICER_EMAIL);
    });

    it('says honestly that nothing is configured in development, inventing no name or address', async () => {
      const p = ZPrivacyPolicy.parse((await unset.app.inject({ method: 'GET', url: '/api/privacy/policy' })).json());
      expect(p.officer).toEqual({ name: null, email: null });
      expect(p.operator.name).toBeNull();
      expect(p.intro.startsWith(`${t.operatorFallback(ko.common.appName)}(이하 "회사")`)).toBe(true);
      const officer = p.articles.find((a) => a.id === 'officer')!;
      expect(officer.items).toEqual([]);
      expect(officer.after).toEqual([t.officerUnset]);
      expect(textOf(p)).not.toMatch(/홍길동|example\.com|000-00-00000/);
    });
  });
});
