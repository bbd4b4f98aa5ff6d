/**
 * The API builder's rule for which columns hold Korean personal numbers (주민등록번호, phone, card, account; issue 36),
 * as a public surface for other modules: the admin-page builder masks the same columns by default (decision 092).
 */
export { personalKindOf } from './postgrest/pii-columns.ts';
