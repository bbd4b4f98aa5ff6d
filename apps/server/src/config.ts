import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'postgres:// 로 시작해야 합니다')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'redis:// 로 시작해야 합니다')
    .optional(),
  AUTH_SECRET: z.string().min(32, '32자 이상이어야 합니다').optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'base64로 인코딩된 32바이트 키여야 합니다')
    .optional(),
  AUTH_REQUIRE_EMAIL_CONFIRMATION: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'smtp:// 또는 smtps:// 로 시작해야 합니다')
    .optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com'),
  SLACK_CLIENT_ID: z.string().min(1).optional(),
  SLACK_CLIENT_SECRET: z.string().min(1).optional(),
  SLACK_SIGNING_SECRET: z.string().min(1).optional(),
  SLACK_API_URL: z.url().default('https://slack.com/api'),
  SLACK_AUTHORIZE_URL: z.url().default('https://slack.com/oauth/v2/authorize'),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  EMBEDDINGS_MODEL: z.string().trim().min(1).max(200).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  SLACK_MONTHLY_TOKEN_BUDGET: z.coerce.number().int().min(0).default(1_000_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  ROOMS_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
});

export type TConfig = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  authSecret: string;
  encryptionKey: Buffer;
  requireEmailConfirmation: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string | undefined; jwksUrl: string; issuer: string };
  slack: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    signingSecret: string | undefined;
    apiUrl: string;
    authorizeUrl: string;
    /** Default monthly LLM token budget of a newly connected workspace (0 = unlimited). */
    monthlyTokenBudget: number;
  };
  llm: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    /** Embeddings model on the same API (`POST {baseUrl}/embeddings`); unset = lexical knowledge retrieval only. */
    embeddingsModel: string | undefined;
    timeoutMs: number;
    maxRetries: number;
  };
  logLevel: string;
  trustProxy: boolean;
  webDistDir: string;
  shutdownTimeoutMs: number;
  /** How often each instance looks for due meeting-room jobs (reminders, auto-release); 0 turns the runner off. */
  roomsJobIntervalMs: number;
};

export class ConfigError extends Error {}

/** Reads a development secret from DATA_DIR, creating it once. Never used in production. */
function devSecret(dataDir: string, name: string, make: () => string): string {
  const file = join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const value = make();
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** Parses the environment once. A wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`환경 변수 설정이 올바르지 않습니다:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    const missing = (['AUTH_SECRET', 'ENCRYPTION_KEY', 'APP_URL'] as const).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(
        `운영 환경(NODE_ENV=production)에서는 다음 환경 변수를 반드시 설정해야 합니다: ${missing.join(', ')}`,
      );
    }
  }
  if (e.EMBEDDINGS_MODEL && !e.LLM_BASE_URL) {
    throw new ConfigError(`환경 변수 설정이 올바르지 않습니다:\n  EMBEDDINGS_MODEL: LLM_BASE_URL(같은 API의 주소)도 설정해야 합니다`);
  }
  const dataDir = resolve(e.DATA_DIR);
  const authSecret = e.AUTH_SECRET ?? devSecret(dataDir, 'auth-secret', () => randomBytes(48).toString('base64url'));
  const encryptionKey = Buffer.from(
    e.ENCRYPTION_KEY ?? devSecret(dataDir, 'encryption-key', () => randomBytes(32).toString('base64')),
    'base64',
  );
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    authSecret,
    encryptionKey,
    requireEmailConfirmation: e.AUTH_REQUIRE_EMAIL_CONFIRMATION,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL, issuer: e.GOOGLE_ISSUER },
    slack: {
      clientId: e.SLACK_CLIENT_ID,
      clientSecret: e.SLACK_CLIENT_SECRET,
      signingSecret: e.SLACK_SIGNING_SECRET,
      apiUrl: e.SLACK_API_URL.replace(/\/$/, ''),
      authorizeUrl: e.SLACK_AUTHORIZE_URL,
      monthlyTokenBudget: e.SLACK_MONTHLY_TOKEN_BUDGET,
    },
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      embeddingsModel: e.EMBEDDINGS_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      maxRetries: e.LLM_MAX_RETRIES,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    roomsJobIntervalMs: e.ROOMS_JOB_INTERVAL_MS,
  };
}
