/**
 * Toss Payments (issue 31). SKELETON — the payments helper writes the real client (fetch with `Authorization: Basic`
 * from the secret key, `Idempotency-Key` per invoice, TOSS_API_URL as the base so tests use a fake on loopback).
 */
import type { TConfig } from '../config.ts';

type TTossConfig = NonNullable<TConfig['billing']['toss']>;

export type TTossClient = {
  /** For the browser's billing-auth window (never the secret key). */
  clientKey: string;
  sdkUrl: string;
};

export function createTossClient(config: TTossConfig): TTossClient {
  return { clientKey: config.clientKey, sdkUrl: config.sdkUrl };
}
