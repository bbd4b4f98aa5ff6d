import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const DAY_MS = 86_400_000;

/**
 * PostgreSQL connections per instance when DATABASE_POOL_SIZE is not set: two per core this process may use, at least
 * 4, at most node-postgres's usual 10. More connections than the cores can serve do not add throughput: on a small
 * host that also runs the database, ten busy backends on two cores spent their time contending (decision 023).
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}
const UNIT_MS = { d: DAY_MS, h: 3_600_000, m: 60_000, s: 1_000 } as const;

/** A duration such as `30d`, `12h`, `45m` or `20s`, in milliseconds. */
export function parseDuration(value: string): number | undefined {
  const m = /^(\d{1,6})([dhms])$/.exec(value.trim());
  if (!m) return undefined;
  const ms = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  return ms > 0 ? ms : undefined;
}

const duration = z
  .string()
  .refine((v) => parseDuration(v) !== undefined, '기간은 30d, 12h, 45m, 20s 형식이어야 합니다')
  .transform((v) => parseDuration(v) ?? 0);

export type TOAuthProviderConfig = {
  clientId: string | undefined;
  clientSecret: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
};

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
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1, '1 이상이어야 합니다').max(200, '200 이하여야 합니다').optional(),
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
  // Server-side Google OAuth for Calendar (issue 37): the OAuth base (`/v2/auth` in the browser, `/token` from the server) and the APIs' base.
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_URL: z.url().default('https://accounts.google.com/o/oauth2'),
  GOOGLE_API_URL: z.url().default('https://www.googleapis.com'),
  /** Notion's API for the knowledge connector (decision 089); tests point it at a fake on loopback. */
  NOTION_API_URL: z.url().default('https://api.notion.com'),
  TOSS_CLIENT_KEY: z.string().min(1).optional(),
  TOSS_SECRET_KEY: z.string().min(1).optional(),
  TOSS_API_URL: z.url().default('https://api.tosspayments.com'),
  TOSS_SDK_URL: z.url().default('https://js.tosspayments.com/v1/payment'),
  POPBILL_LINK_ID: z.string().min(1).optional(),
  POPBILL_SECRET_KEY: z.string().min(1).optional(),
  POPBILL_CORP_NUM: z
    .string()
    .regex(/^\d{10}$/, '숫자 10자리 사업자등록번호여야 합니다')
    .optional(),
  POPBILL_API_URL: z.url().default('https://popbill.linkhub.co.kr'),
  POPBILL_AUTH_URL: z.url().default('https://auth.linkhub.co.kr'),
  NTS_BIZ_API_URL: z.url().default('https://api.odcloud.kr/api/nts-businessman/v1'),
  NTS_BIZ_API_KEY: z.string().min(1).optional(),
  KAKAO_CLIENT_ID: z.string().min(1).optional(),
  KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
  KAKAO_AUTHORIZE_URL: z.url().default('https://kauth.kakao.com/oauth/authorize'),
  KAKAO_TOKEN_URL: z.url().default('https://kauth.kakao.com/oauth/token'),
  KAKAO_USERINFO_URL: z.url().default('https://kapi.kakao.com/v2/user/me'),
  NAVER_CLIENT_ID: z.string().min(1).optional(),
  NAVER_CLIENT_SECRET: z.string().min(1).optional(),
  NAVER_AUTHORIZE_URL: z.url().default('https://nid.naver.com/oauth2.0/authorize'),
  NAVER_TOKEN_URL: z.url().default('https://nid.naver.com/oauth2.0/token'),
  NAVER_USERINFO_URL: z.url().default('https://openapi.naver.com/v1/nid/me'),
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
  METRICS_TOKEN: z.string().trim().min(16, '16자 이상이어야 합니다').optional(),
  TRAFFIC_RECORDING: bool.default(true),
  BILLING_METERING: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The share of the data API's successful requests whose access line is written (issue 34); errors always are. */
  LOG_SAMPLE_RATE: z.coerce.number().min(0, '0 이상이어야 합니다').max(1, '1 이하여야 합니다').default(1),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (v) => /^(true|false|\d{1,2})$/.test(v) || v.split(',').every((p) => isAddressOrCidr(p.trim())),
      '홉 수(예: 1), 프록시 주소·CIDR 목록(예: 10.0.0.0/8,192.168.1.10), true 또는 false 여야 합니다',
    )
    .default('false'),
  ALLOW_PRIVATE_URLS: bool.default(false),
  /** End-to-end runs only (playwright.config.ts): test hooks such as POST /dev/test/reset-throttles. Refused in production. */
  E2E_TEST_HOOKS: bool.default(false),
  MAIL_QUOTA_USER_HOURLY: z.coerce.number().int().min(1).default(100),
  MEAL_AMOUNT_CAP: z.coerce.number().int().min(1_000).max(1_000_000_000).default(10_000_000),
  MEAL_RECEIPT_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(10_000_000),
  MAIL_QUOTA_SEED_HOURLY: z.coerce.number().int().min(1).default(300),
  ROOMS_MAX_OUTSIDE_ATTENDEES: z.coerce.number().int().min(0).max(100).default(20),
  ROOMS_MAX_OUTSIDE_ATTENDEES_PER_DAY: z.coerce.number().int().min(0).default(100),
  DOCUMENT_MAX_PAGES: z.coerce.number().int().min(1).default(2_000),
  DOCUMENT_MAX_CHARS: z.coerce.number().int().min(1).default(2_000_000),
  DOCUMENT_MAX_SECONDS: z.coerce.number().min(0.1).max(600).default(20),
  DOCUMENT_MAX_MEMORY_MB: z.coerce.number().int().min(16).max(4096).default(256),
  DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  JOBS_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  SESSION_MAX_AGE: duration.default(30 * DAY_MS),
  SESSION_IDLE_TIMEOUT: duration.default(7 * DAY_MS),
  SESSION_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).default(10),
  API_BUILDER_ALLOW_PRIVATE_HOSTS: bool.optional(),
  /** Notifications (issue 30): a seed's owner and admins are told when its published APIs answer this many 5xx in an hour… */
  API_BUILDER_ALERT_ERRORS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** …or are called this many times in a day (Asia/Seoul), summed over the seed's keys. */
  API_BUILDER_ALERT_CALLS_PER_DAY: z.coerce.number().int().min(1).default(100_000),
  COMPANY_NAME: z.string().trim().min(1).max(200).optional(),
  COMPANY_REPRESENTATIVE: z.string().trim().min(1).max(200).optional(),
  COMPANY_BUSINESS_NUMBER: z.string().trim().min(1).max(50).optional(),
  COMPANY_MAIL_ORDER_NUMBER: z.string().trim().min(1).max(100).optional(),
  COMPANY_ADDRESS: z.string().trim().min(1).max(300).optional(),
  COMPANY_EMAIL: z.email().optional(),
  COMPANY_PHONE: z.string().trim().min(1).max(50).optional(),
  PRIVACY_OFFICER_NAME: z.string().trim().min(1).max(100).optional(),
  PRIVACY_OFFICER_EMAIL: z.email().optional(),
  /** Custom domains (issue 33): resolvers for the ownership checks, as `ip` or `ip:port`, comma-separated. */
  DNS_SERVERS: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || v.split(',').every((s) => /^(\[[0-9a-f:]+\]|[0-9.]+)(:\d{1,5})?$/i.test(s.trim()) || isIP(s.trim()) !== 0),
      'ip 또는 ip:port 를 쉼표로 나열해야 합니다',
    )
    .optional(),
  /** The host name customers point their CNAME records at; default the host of APP_URL. */
  CUSTOM_DOMAIN_TARGET: z.string().trim().min(1).max(253).optional(),
  /** The operator's IPv4 address for apex (A) records; unset → only CNAME is offered. */
  CUSTOM_DOMAIN_IP: z.ipv4().optional(),
  /** Where the help centre's 문의하기 hands conversations off to; default COMPANY_EMAIL. */
  HELP_HANDOFF_EMAIL: z.email().optional(),
  /** The help centre's own chatbot (문의하기), created and synced with the articles at start-up; default on, off in tests. */
  HELP_BOT: bool.optional(),
});

/** The operator's legal details (footer, terms, privacy policy); required in production, never invented elsewhere. */
const COMPANY_VARS = [
  'COMPANY_NAME',
  'COMPANY_REPRESENTATIVE',
  'COMPANY_BUSINESS_NUMBER',
  'COMPANY_MAIL_ORDER_NUMBER',
  'COMPANY_ADDRESS',
  'COMPANY_EMAIL',
  'COMPANY_PHONE',
  // The 개인정보 보호책임자 the privacy policy names (issue 32); shown only by GET /api/privacy/policy.
  'PRIVACY_OFFICER_NAME',
  'PRIVACY_OFFICER_EMAIL',
] as const;

export type TConfig = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections this instance keeps to PostgreSQL (decision 023: two per core by default, at least 4, at most 10). */
  databasePoolSize: number;
  redisUrl: string | undefined;
  authSecret: string;
  encryptionKey: Buffer;
  requireEmailConfirmation: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string | undefined; jwksUrl: string; issuer: string; clientSecret: string | undefined; oauthUrl: string; apiUrl: string };
  /** NOTION_API_URL without a trailing slash (knowledge connector, decision 089). */
  notionApiUrl: string;
  /** Kakao and Naver Login (OAuth 2.0 authorization code + PKCE); a provider without client id is unavailable. */
  oauthProviders: Record<'kakao' | 'naver', TOAuthProviderConfig>;
  /**
   * Billing (issue 31). Toss unset → billing is not set up (every seed on the free plan); Popbill unset → no
   * 세금계산서; NTS key unset → 사업자등록번호 checked by its check digit only.
   */
  billing: {
    toss: { clientKey: string; secretKey: string; apiUrl: string; sdkUrl: string } | null;
    popbill: { linkId: string; secretKey: string; corpNum: string; apiUrl: string; authUrl: string } | null;
    nts: { apiUrl: string; apiKey: string } | null;
  };
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
  /** 0–1: the share of the data API's successful requests whose access line is written. */
  logSampleRate: number;
  /** Bearer token of GET /api/metrics; undefined: the endpoint does not exist (404). */
  metricsToken: string | undefined;
  /** Record every API request for the monitoring page's traffic (issue 30); false: nothing is recorded. */
  trafficRecording: boolean;
  /**
   * Billable events (issue 31) journaled under DATA_DIR/metering and flushed into billing_events; false records
   * nothing (a benchmark's baseline only: usage then goes unbilled).
   */
  billingMetering: boolean;
  /** What Fastify's `trustProxy` takes: false, a hop count, or the proxies' addresses/CIDRs (`true` only outside production). */
  trustProxy: boolean | number | string[];
  /** Let URL sources (knowledge documents) reach loopback/private/link-local addresses. */
  allowPrivateUrls: boolean;
  /** E2E_TEST_HOOKS: the end-to-end suite's test-only routes (never in production). */
  testHooks: boolean;
  mailQuota: { perUserHourly: number; perSeedHourly: number };
  /** Meal manager (issue 38): the largest amount (KRW) any bill, price, transfer or budget may hold; a receipt file's cap. */
  meal: { amountCap: number; receiptMaxBytes: number };
  rooms: { maxOutsideAttendees: number; maxOutsideAttendeesPerDay: number };
  /** Caps of document parsing (PDF) in the worker pool. */
  documents: { maxPages: number; maxChars: number; maxSeconds: number; maxMemoryMb: number; workers: number };
  webDistDir: string;
  shutdownTimeoutMs: number;
  /** On SIGTERM, at most this long answering safe requests with 503 (so the load balancer moves away) before closing. */
  shutdownDrainMs: number;
  /** How often each instance looks for due meeting-room jobs (reminders, auto-release); 0 turns the runner off. */
  jobsIntervalMs: number;
  /** Session policy: absolute lifetime from sign-in, idle timeout (no refresh), live sessions per user. */
  session: { maxAgeMs: number; idleTimeoutMs: number; maxConcurrent: number };
  /** API builder: may customers' connections reach loopback/private hosts (default: not in production). */
  apiBuilder: { allowPrivateHosts: boolean; alertErrorsPerHour: number; alertCallsPerDay: number };
  /** Legal details shown to everyone; each unset one (development/test only) is left out of the pages. */
  company: {
    name: string | undefined;
    representative: string | undefined;
    businessNumber: string | undefined;
    mailOrderNumber: string | undefined;
    address: string | undefined;
    email: string | undefined;
    phone: string | undefined;
  };
  /** The privacy officer (PRIVACY_OFFICER_*): required in production; the browser sees it only in the privacy policy. */
  privacyOfficer: { name: string | undefined; email: string | undefined };
  /** Custom domains (issue 33). */
  domains: {
    /** DNS_SERVERS: resolvers for the checks (`ip` or `ip:port`); empty = the system resolver. */
    dnsServers: string[];
    /** CUSTOM_DOMAIN_TARGET: the CNAME target customers add (default the host of APP_URL). */
    target: string;
    /** CUSTOM_DOMAIN_IP: the A record value for apex names; undefined = CNAME only. */
    ip: string | undefined;
  };
  /** The help centre (issue 33): the address 문의하기 hands off to (HELP_HANDOFF_EMAIL, else COMPANY_EMAIL). */
  help: {
    handoffEmail: string | undefined;
    /** HELP_BOT: create the help bot and sync it with the articles at start-up (default true; false under NODE_ENV=test). */
    bot: boolean;
  };
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
    const missing = (['AUTH_SECRET', 'ENCRYPTION_KEY', 'APP_URL', ...COMPANY_VARS] as const).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(`운영 환경(NODE_ENV=production)에서는 다음 환경 변수를 반드시 설정해야 합니다: ${missing.join(', ')}`);
    }
  }
  if (e.EMBEDDINGS_MODEL && !e.LLM_BASE_URL) {
    throw new ConfigError(`환경 변수 설정이 올바르지 않습니다:\n  EMBEDDINGS_MODEL: LLM_BASE_URL(같은 API의 주소)도 설정해야 합니다`);
  }
  if (isProduction && e.E2E_TEST_HOOKS) {
    throw new ConfigError('환경 변수 설정이 올바르지 않습니다:\n  E2E_TEST_HOOKS: 종단 간 테스트 전용입니다. 운영 환경에서는 켤 수 없습니다.');
  }
  if (isProduction && e.TRUST_PROXY === 'true') {
    throw new ConfigError(
      '환경 변수 설정이 올바르지 않습니다:\n  TRUST_PROXY: 운영 환경에서는 true를 쓸 수 없습니다. true면 모든 클라이언트가 X-Forwarded-For로 자기 IP를 ' +
        '마음대로 정해 로그인 제한과 IP별 제한을 피할 수 있습니다. 프록시 단계 수(예: TRUST_PROXY=1) 또는 로드 밸런서 주소·CIDR(예: TRUST_PROXY=10.0.0.0/8)을 쓰세요.',
    );
  }
  // The 세금계산서's 공급자 (Popbill's corpNum) and the 청구서's seller must be one business.
  const digits = (v: string) => v.replace(/\D/g, '');
  if (isProduction && e.POPBILL_CORP_NUM && e.COMPANY_BUSINESS_NUMBER && digits(e.POPBILL_CORP_NUM) !== digits(e.COMPANY_BUSINESS_NUMBER)) {
    throw new ConfigError(
      '환경 변수 설정이 올바르지 않습니다:\n  POPBILL_CORP_NUM: COMPANY_BUSINESS_NUMBER와 같은 사업자등록번호여야 합니다. ' +
        '세금계산서의 공급자(POPBILL_CORP_NUM)와 청구서의 판매자(COMPANY_BUSINESS_NUMBER)가 다른 사업자가 됩니다.',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const authSecret = e.AUTH_SECRET ?? devSecret(dataDir, 'auth-secret', () => randomBytes(48).toString('base64url'));
  const encryptionKey = Buffer.from(e.ENCRYPTION_KEY ?? devSecret(dataDir, 'encryption-key', () => randomBytes(32).toString('base64')), 'base64');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(),
    redisUrl: e.REDIS_URL,
    authSecret,
    encryptionKey,
    requireEmailConfirmation: e.AUTH_REQUIRE_EMAIL_CONFIRMATION,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    notionApiUrl: e.NOTION_API_URL.replace(/\/$/, ''),
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      jwksUrl: e.GOOGLE_JWKS_URL,
      issuer: e.GOOGLE_ISSUER,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      oauthUrl: e.GOOGLE_OAUTH_URL.replace(/\/$/, ''),
      apiUrl: e.GOOGLE_API_URL.replace(/\/$/, ''),
    },
    oauthProviders: {
      kakao: {
        clientId: e.KAKAO_CLIENT_ID,
        clientSecret: e.KAKAO_CLIENT_SECRET,
        authorizeUrl: e.KAKAO_AUTHORIZE_URL,
        tokenUrl: e.KAKAO_TOKEN_URL,
        userinfoUrl: e.KAKAO_USERINFO_URL,
      },
      naver: {
        clientId: e.NAVER_CLIENT_ID,
        clientSecret: e.NAVER_CLIENT_SECRET,
        authorizeUrl: e.NAVER_AUTHORIZE_URL,
        tokenUrl: e.NAVER_TOKEN_URL,
        userinfoUrl: e.NAVER_USERINFO_URL,
      },
    },
    billing: {
      toss:
        e.TOSS_CLIENT_KEY && e.TOSS_SECRET_KEY
          ? { clientKey: e.TOSS_CLIENT_KEY, secretKey: e.TOSS_SECRET_KEY, apiUrl: e.TOSS_API_URL.replace(/\/$/, ''), sdkUrl: e.TOSS_SDK_URL }
          : null,
      popbill:
        e.POPBILL_LINK_ID && e.POPBILL_SECRET_KEY && e.POPBILL_CORP_NUM
          ? {
              linkId: e.POPBILL_LINK_ID,
              secretKey: e.POPBILL_SECRET_KEY,
              corpNum: e.POPBILL_CORP_NUM,
              apiUrl: e.POPBILL_API_URL.replace(/\/$/, ''),
              authUrl: e.POPBILL_AUTH_URL.replace(/\/$/, ''),
            }
          : null,
      nts: e.NTS_BIZ_API_KEY ? { apiUrl: e.NTS_BIZ_API_URL.replace(/\/$/, ''), apiKey: e.NTS_BIZ_API_KEY } : null,
    },
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
    logSampleRate: e.LOG_SAMPLE_RATE,
    metricsToken: e.METRICS_TOKEN,
    trafficRecording: e.TRAFFIC_RECORDING,
    billingMetering: e.BILLING_METERING,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowPrivateUrls: e.ALLOW_PRIVATE_URLS,
    testHooks: e.E2E_TEST_HOOKS && !isProduction,
    mailQuota: { perUserHourly: e.MAIL_QUOTA_USER_HOURLY, perSeedHourly: e.MAIL_QUOTA_SEED_HOURLY },
    meal: { amountCap: e.MEAL_AMOUNT_CAP, receiptMaxBytes: e.MEAL_RECEIPT_MAX_BYTES },
    rooms: { maxOutsideAttendees: e.ROOMS_MAX_OUTSIDE_ATTENDEES, maxOutsideAttendeesPerDay: e.ROOMS_MAX_OUTSIDE_ATTENDEES_PER_DAY },
    documents: {
      maxPages: e.DOCUMENT_MAX_PAGES,
      maxChars: e.DOCUMENT_MAX_CHARS,
      maxSeconds: e.DOCUMENT_MAX_SECONDS,
      maxMemoryMb: e.DOCUMENT_MAX_MEMORY_MB,
      workers: e.DOCUMENT_WORKERS,
    },
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    jobsIntervalMs: e.JOBS_INTERVAL_MS,
    session: { maxAgeMs: e.SESSION_MAX_AGE, idleTimeoutMs: e.SESSION_IDLE_TIMEOUT, maxConcurrent: e.SESSION_MAX_CONCURRENT },
    apiBuilder: {
      allowPrivateHosts: e.API_BUILDER_ALLOW_PRIVATE_HOSTS ?? !isProduction,
      alertErrorsPerHour: e.API_BUILDER_ALERT_ERRORS_PER_HOUR,
      alertCallsPerDay: e.API_BUILDER_ALERT_CALLS_PER_DAY,
    },
    company: {
      name: e.COMPANY_NAME,
      representative: e.COMPANY_REPRESENTATIVE,
      businessNumber: e.COMPANY_BUSINESS_NUMBER,
      mailOrderNumber: e.COMPANY_MAIL_ORDER_NUMBER,
      address: e.COMPANY_ADDRESS,
      email: e.COMPANY_EMAIL,
      phone: e.COMPANY_PHONE,
    },
    privacyOfficer: { name: e.PRIVACY_OFFICER_NAME, email: e.PRIVACY_OFFICER_EMAIL },
    domains: {
      dnsServers: (e.DNS_SERVERS ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
      target: e.CUSTOM_DOMAIN_TARGET ?? new URL((e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')).hostname,
      ip: e.CUSTOM_DOMAIN_IP,
    },
    help: { handoffEmail: e.HELP_HANDOFF_EMAIL ?? e.COMPANY_EMAIL, bot: e.HELP_BOT ?? e.NODE_ENV !== 'test' },
  };
}

function isAddressOrCidr(value: string): boolean {
  const [addr, prefix, ...rest] = value.split('/');
  if (rest.length || !addr) return false;
  const family = isIP(addr);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as Fastify takes it: `false`/`0` → trust nobody; `N` → trust N hops; a list → trust those proxies. */
export function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}
