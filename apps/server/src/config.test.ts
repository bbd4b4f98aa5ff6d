import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolSize, loadConfig } from './config.ts';
import { COMPANY_ENV } from './test-support/company-env.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'suite-cfg-'));

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.requireEmailConfirmation).toBe(true);
    expect(c.encryptionKey).toHaveLength(32);
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), AUTH_REQUIRE_EMAIL_CONFIRMATION: 'maybe' })).toThrow(/AUTH_REQUIRE_EMAIL_CONFIRMATION/);
  });

  it('sizes the PostgreSQL pool from the cores unless DATABASE_POOL_SIZE says otherwise', () => {
    expect([1, 2, 3, 4, 5, 16].map((cores) => defaultPoolSize(cores))).toEqual([4, 4, 6, 8, 10, 10]);
    expect(loadConfig({ DATA_DIR: dir() }).databasePoolSize).toBe(defaultPoolSize());
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('reads EMBEDDINGS_MODEL, which needs LLM_BASE_URL (the same API)', () => {
    expect(loadConfig({ DATA_DIR: dir() }).llm.embeddingsModel).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir(), EMBEDDINGS_MODEL: 'text-embedding-3-small' })).toThrow(/EMBEDDINGS_MODEL: LLM_BASE_URL/);
    const c = loadConfig({ DATA_DIR: dir(), EMBEDDINGS_MODEL: ' bge-m3 ', LLM_BASE_URL: 'http://127.0.0.1:11434/v1' });
    expect(c.llm).toMatchObject({ embeddingsModel: 'bge-m3', model: undefined });
  });

  it('generates development secrets once and reuses them', () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    const b = loadConfig({ DATA_DIR: d });
    expect(a.authSecret).toBe(b.authSecret);
    expect(readFileSync(join(d, 'secrets', 'auth-secret'), 'utf8')).toBe(a.authSecret);
  });

  it('refuses to start in production without real secrets', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), NODE_ENV: 'production' })).toThrow(/AUTH_SECRET, ENCRYPTION_KEY, APP_URL/);
    const ok = loadConfig({
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      APP_URL: 'https://tools.example.com',
      ...COMPANY_ENV,
    });
    expect(ok.host).toBe('0.0.0.0');
    expect(ok.company.mailOrderNumber).toBe(COMPANY_ENV.COMPANY_MAIL_ORDER_NUMBER);
  });

  it('refuses to start in production without the company details, naming each missing one', () => {
    const { COMPANY_MAIL_ORDER_NUMBER: _m, COMPANY_PHONE: _p, ...partial } = COMPANY_ENV;
    const env = {
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      APP_URL: 'https://tools.example.com',
    };
    expect(() => loadConfig({ ...env, ...partial })).toThrow(/COMPANY_MAIL_ORDER_NUMBER, COMPANY_PHONE$/);
    expect(() => loadConfig({ ...env, ...partial })).not.toThrow(/COMPANY_NAME/);
  });

  it('refuses to start in production when the 세금계산서 supplier (POPBILL_CORP_NUM) is not the 청구서 seller', () => {
    const env = {
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      APP_URL: 'https://tools.example.com',
      ...COMPANY_ENV,
      POPBILL_LINK_ID: 'LINK',
      POPBILL_SECRET_KEY: 'secret',
    };
    expect(() => loadConfig({ ...env, POPBILL_CORP_NUM: '9876543210' })).toThrow(/POPBILL_CORP_NUM: COMPANY_BUSINESS_NUMBER와 같은/);
    // Digits compared: 123-45-67890 is 1234567890.
    expect(loadConfig({ ...env, POPBILL_CORP_NUM: '1234567890' }).billing.popbill).toMatchObject({ corpNum: '1234567890' });
    // Outside production a test Popbill account may differ.
    expect(() => loadConfig({ ...env, NODE_ENV: 'development', POPBILL_CORP_NUM: '9876543210' })).not.toThrow();
  });

  it('invents no company details outside production', () => {
    expect(loadConfig({ DATA_DIR: dir() }).company).toEqual({
      name: undefined,
      representative: undefined,
      businessNumber: undefined,
      mailOrderNumber: undefined,
      address: undefined,
      email: undefined,
      phone: undefined,
    });
  });
});
