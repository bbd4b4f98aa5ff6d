import { koSite } from '@suite/shared/messages/ko-site';

export const SUCCESS_TYPES = [
  'signup',
  'payment',
  'save',
  'submit',
  'verify',
  'update',
  'delete',
  'send',
  'email',
  'slack_oauth',
  'slack_already_installed',
  'default',
] as const;
export type TSuccessType = (typeof SUCCESS_TYPES)[number];

/**
 * Each type's own primary action (spec section 8); types without one show only the home button. The spec's
 * /submissions and /messages do not exist in this product (no such lists), so those two lead to the dashboard.
 */
export const SUCCESS_ACTIONS: Partial<Record<TSuccessType, string>> = {
  signup: '/login',
  payment: '/dashboard',
  verify: '/dashboard',
  submit: '/dashboard',
  delete: '/',
  send: '/dashboard',
  slack_oauth: '/slack-ai',
  slack_already_installed: '/slack-ai',
};

/** Sparkles accompany the celebration only for these. */
export const SPARKLE_TYPES: readonly TSuccessType[] = ['signup', 'payment', 'verify'];

export function toSuccessType(value: unknown): TSuccessType {
  return SUCCESS_TYPES.includes(value as TSuccessType) ? (value as TSuccessType) : 'default';
}

export function successText(type: TSuccessType) {
  return koSite.success.types[type];
}
