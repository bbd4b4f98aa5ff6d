/**
 * Every user-visible Korean text, by key. Server and web read the same catalogue.
 * Texts quoted in the product spec are kept to the letter.
 */
import { koAuth } from './ko-auth.ts';
import { koAuthUi } from './ko-auth-ui.ts';
import { koConsole } from './ko-console.ts';
import { koConsoleUi } from './ko-console-ui.ts';
import { koSite } from './ko-site.ts';
import { koSlack } from './ko-slack.ts';
import { koSlackDigest } from './ko-slack-digest.ts';
import { koConnectors } from './ko-connectors.ts';
import { koRooms } from './ko-rooms.ts';
import { koOps } from './ko-ops.ts';
import { koMeal } from './ko-meal.ts';
import { koAccounts } from './ko-accounts.ts';
import { koApiBuilder } from './ko-api-builder.ts';
import { koApiBuilderJwt } from './ko-api-builder-jwt.ts';
import { koAdminBuilder } from './ko-admin-builder.ts';
import { koCatalogue } from './ko-catalogue.ts';
import { koCatalogueDetails } from './ko-catalogue-details.ts';
import { koIntegrations } from './ko-integrations.ts';
import { koAudit, koAuditActions } from './ko-audit.ts';
import { koSecurity } from './ko-security.ts';
import { koChatbot } from './ko-chatbot.ts';
import { koNotifications } from './ko-notifications.ts';
import { koTraffic } from './ko-traffic.ts';
import { koMonitoring } from './ko-monitoring.ts';
import { koAlerts } from './ko-alerts.ts';
import { koBilling } from './ko-billing.ts';
import { koBillingPayments } from './ko-billing-payments.ts';
import { koBillingDunning } from './ko-billing-dunning.ts';
import { koBillingTax } from './ko-billing-tax.ts';
import { koBillingUi } from './ko-billing-ui.ts';
import { koPrivacy } from './ko-privacy.ts';
import { koHelp } from './ko-help.ts';
import { koDocs } from './ko-docs.ts';
import { koDomains } from './ko-domains.ts';
import { koCalendarSync } from './ko-calendar-sync.ts';

export const ko = {
  auth: koAuth,
  authUi: koAuthUi,
  site: koSite,
  console: koConsole,
  consoleUi: koConsoleUi,
  slack: koSlack,
  slackDigest: koSlackDigest,
  connectors: koConnectors,
  rooms: koRooms,
  ops: koOps,
  meal: koMeal,
  accounts: koAccounts,
  apiBuilder: koApiBuilder,
  apiBuilderJwt: koApiBuilderJwt,
  adminBuilder: koAdminBuilder,
  catalogue: { ...koCatalogue, ...koCatalogueDetails },
  integrations: koIntegrations,
  audit: { ...koAudit, actions: koAuditActions },
  security: koSecurity,
  chatbot: koChatbot,
  notifications: koNotifications,
  traffic: koTraffic,
  monitoring: koMonitoring,
  alerts: koAlerts,
  billing: { ...koBilling, payments: koBillingPayments, dunning: koBillingDunning, tax: koBillingTax, ui: koBillingUi },
  privacy: koPrivacy,
  help: koHelp,
  docs: koDocs,
  domains: koDomains,
  calendarSync: koCalendarSync,
  common: {
    appName: '컴퍼니 툴즈',
    tagline: '툴 비용은 아끼고, 비즈니스에만 집중하세요',
    loading: '로딩 중...',
    home: '홈으로',
    retry: '다시 시도',
  },
  errors: {
    badRequest: '잘못된 요청입니다. 입력 내용을 확인해주세요.',
    invalidJson: '요청 본문이 올바른 JSON 형식이 아닙니다.',
    validation: '입력값이 올바르지 않습니다.',
    unsupportedMediaType: '지원하지 않는 요청 형식입니다. Content-Type을 확인해주세요.',
    payloadTooLarge: '요청 본문이 너무 큽니다.',
    unauthorized: '인증이 필요합니다. 다시 로그인해주세요.',
    forbidden: '이 작업을 수행할 권한이 없습니다.',
    notFound: '요청한 리소스를 찾을 수 없습니다.',
    routeNotFound: '존재하지 않는 API 경로입니다.',
    methodNotAllowed: '허용되지 않는 요청 방식입니다.',
    conflict: '요청이 현재 상태와 충돌합니다.',
    rateLimited: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    internal: '서버에서 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    unavailable: '서비스를 일시적으로 사용할 수 없습니다.',
    databaseUnavailable: '데이터베이스에 연결할 수 없습니다.',
    shuttingDown: '서버가 종료 중입니다. 잠시 후 다시 시도해주세요.',
    malformedRequest: '요청을 해석할 수 없습니다. 주소와 헤더에 쓸 수 없는 문자가 있다면 URL 인코딩해서 보내주세요.',
    requestTimeout: '요청을 받는 데 시간이 너무 오래 걸렸습니다. 다시 시도해주세요.',
    headersTooLarge: '요청 헤더가 너무 큽니다.',
  },
} as const;

export type TMessages = typeof ko;
