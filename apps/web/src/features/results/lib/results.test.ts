import { describe, expect, it } from 'vitest';
import { koSite } from '@suite/shared/messages/ko-site';
import { HTTP_CODES, OAUTH_CODES, resolveError } from './error-codes';
import { safePath } from './safe-path';
import { SUCCESS_TYPES, toSuccessType } from './success-types';

describe('resolveError', () => {
  it.each(HTTP_CODES)('HTTP %s has its own texts and three suggestions', (code) => {
    const r = resolveError(code);
    expect(r).toMatchObject({ kind: 'http', code, status: Number(code) });
    expect(r.text.suggestions).toHaveLength(3);
  });
  it.each(OAUTH_CODES)('OAuth %s is treated as 401 with three suggestions', (code) => {
    const r = resolveError(code);
    expect(r).toMatchObject({ kind: 'oauth', code, status: 401 });
    expect(r.text.suggestions).toHaveLength(3);
  });
  it('reads unknown and missing codes as 500', () => {
    expect(resolveError('418').code).toBe('500');
    expect(resolveError(undefined).code).toBe('500');
    expect(resolveError(404).code).toBe('404');
  });
  it('gives every code a distinct title', () => {
    const titles = [...HTTP_CODES, ...OAUTH_CODES].map((c) => resolveError(c).text.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('success types', () => {
  it('knows every spec type and falls back to default', () => {
    for (const t of SUCCESS_TYPES) expect(koSite.success.types[t].title).toBeTruthy();
    expect(toSuccessType('nope')).toBe('default');
  });
});

describe('safePath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['//evil.com', null],
    ['https://evil.com', null],
    ['/\\evil.com', null],
    [42, null],
  ])('%j → %j', (input, expected) => {
    expect(safePath(input)).toBe(expected);
  });
});
