import { koSite } from '@suite/shared/messages/ko-site';

export const SUCCESS_TYPES = [
  'signup', 'payment', 'save', 'submit', 'verify', 'update', 'delete', 'send', 'email', 'slack_oauth', 'slack_already_installed', 'default',
] as const;
export type TSuccessType = (typeof SUCCESS_TYPES)[number];

/** Each type's own primary action (spec section 8); types without one show only the home button. */
export const SUCCESS_ACTIONS: Partial<Record<TSuccessType, string>> = {
  signup: '/login',
  payment: '/dashboard',
  verify: '/dashboard',
  submit: '/submissions',
  delete: '/',
  send: '/messages',
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
