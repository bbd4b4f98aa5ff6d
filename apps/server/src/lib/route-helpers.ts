import { ZErrorResponse } from '@suite/shared';

/** Error responses for the OpenAPI document: every listed status answers with the one error shape. */
export function errorResponses(...statuses: number[]): Record<number, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ZErrorResponse]));
}

export const bearer = [{ bearerAuth: [] }];

/** The token of an `Authorization: Bearer <token>` header, or undefined (the one parser: sessions, chatbot visitors, API keys). */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}
