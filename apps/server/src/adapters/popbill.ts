/**
 * Popbill 전자세금계산서 (issue 31). SKELETON — the tax helper writes the real client (LinkHub token, RegistIssue,
 * GetInfo state, POPBILL_API_URL / POPBILL_AUTH_URL as bases so tests use a fake on loopback).
 */
import type { TConfig } from '../config.ts';

type TPopbillConfig = NonNullable<TConfig['billing']['popbill']>;

export type TPopbillClient = { corpNum: string };

export function createPopbillClient(config: TPopbillConfig): TPopbillClient {
  return { corpNum: config.corpNum };
}
