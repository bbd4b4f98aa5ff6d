/**
 * The service (module) a route pattern belongs to, for the monitoring page's per-service figures. Worked out once per
 * route pattern (the recorder keeps the answer), never per request. The Korean labels are ko.traffic.services.
 */
import type { TTrafficService } from '@suite/shared/schemas/traffic';

const SEED = '/api/seeds/:seedId';

const RULES: [RegExp, TTrafficService][] = [
  [/^\/api\/v1(\/|$)/, 'data-api'],
  [/^\/api\/(api-builder)(\/|$)|^\/api\/seeds\/:seedId\/api-builder(\/|$)/, 'api-builder'],
  [/^\/api\/(admin-builder)(\/|$)|^\/api\/seeds\/:seedId\/admin-builder(\/|$)/, 'admin-builder'],
  [/^\/api\/(chatbot|ai-chatbot)(\/|$)|^\/api\/seeds\/:seedId\/(chatbots|knowledge)(\/|$)/, 'chatbot'],
  [/^\/api\/slack/, 'slack'],
  [/^\/api\/(bookings|rooms|calendar-feeds)(\/|$)|^\/api\/seeds\/:seedId\/(rooms|bookings|booking-logs|free-rooms|room-settings)(\/|$)/, 'rooms'],
  [/^\/api\/seeds\/:seedId\/(meals|meal-ledger)(\/|$)/, 'meal'],
  [/^\/api\/admin\/monitoring(\/|$)|^\/api\/admin\/alerts(\/|$)|^\/api\/seeds\/:seedId\/monitoring$/, 'monitoring'],
  [/^\/api\/me\/notification/, 'notifications'],
  [/^\/api\/admin(\/|$)/, 'admin'],
  [/^\/api\/(auth|auth-login|auth-signup|refresh-token|logout|google-login|google-signup|me|kakao|naver|passkeys)(\/|-|$)/, 'auth'],
  [/^\/api\/(seeds|seed-invitations|invitations)(\/|$)/, 'seeds'],
];

export function serviceOfRoute(route: string): TTrafficService {
  if (route === SEED) return 'seeds';
  for (const [re, service] of RULES) if (re.test(route)) return service;
  return 'platform';
}
