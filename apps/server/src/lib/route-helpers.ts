import { ZErrorResponse } from '@suite/shared';

/** Error responses for the OpenAPI document: every listed status answers with the one error shape. */
export function errorResponses(...statuses: number[]): Record<number, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ZErrorResponse]));
}

export const bearer = [{ bearerAuth: [] }];
