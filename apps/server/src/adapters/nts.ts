/**
 * The NTS business-status API (국세청 사업자등록정보 상태조회, issue 31). SKELETON — the tax helper writes the real
 * client (POST {NTS_BIZ_API_URL}/status?serviceKey=… with { b_no: [...] }).
 */
import type { TConfig } from '../config.ts';

type TNtsConfig = NonNullable<TConfig['billing']['nts']>;

export type TNtsClient = { apiUrl: string };

export function createNtsClient(config: TNtsConfig): TNtsClient {
  return { apiUrl: config.apiUrl };
}
