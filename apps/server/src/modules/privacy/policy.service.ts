/**
 * The privacy policy's public surface for other modules: which version is in force. Sign-up records the `privacy`
 * consent with it (the terms consent keeps TERMS_VERSION), so GET /api/me/consents says which policy was agreed to.
 */
import { currentPolicyVersion as lastVersion, type TPolicyVersion } from './policy-versions.ts';

/** The version in force (the last entry of the policy's history). */
export const currentPolicyVersion = (): TPolicyVersion => lastVersion();

/**
 * The version a `privacy` consent row records: the policy's 시행일 (YYYY-MM-DD), like TERMS_VERSION for the terms.
 * Rows written before the generated policy carry '2025-09-01', which is version 1's 시행일, so every row names the
 * version it agreed to.
 */
export const privacyConsentVersion = (): string => currentPolicyVersion().effective;
