import { describe, expect, it } from 'vitest';
import { koAuth } from '../messages/ko-auth.ts';
import { koRooms } from '../messages/ko-rooms.ts';
import { ZEmail, ZNewPassword, ZSignupForm, ZSignupInput } from './auth.ts';
import { ZCreateBookingInput } from './rooms.ts';

// The shared schemas are what both the browser form and the server check: an error must name the field and say
// the catalogue's Korean text, or the form shows it under the wrong input.
const issue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? undefined : r.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('auth schemas', () => {
  it('normalises e-mail and enforces the password rule', () => {
    expect(ZEmail.parse('  Kim@Example.COM ')).toBe('kim@example.com');
    expect(issue(ZEmail.safeParse('not-an-email'))).toEqual([{ path: '', message: koAuth.validation.emailFormat }]);
    expect(ZNewPassword.safeParse('Abc123').success).toBe(true);
    expect(issue(ZNewPassword.safeParse('abc123'))).toEqual([{ path: '', message: koAuth.validation.passwordRule }]);
    expect(issue(ZNewPassword.safeParse('Ab1'))).toEqual([{ path: '', message: koAuth.validation.passwordMin }]);
  });

  it('sign-up form puts the mismatch on confirmPassword and requires the terms', () => {
    const base = { fullName: '김민수', email: 'minsu@example.com', password: 'Abc123', confirmPassword: 'Abc123', terms: true, ageBracket: '14_or_over' };
    expect(ZSignupForm.safeParse(base).success).toBe(true);
    expect(issue(ZSignupForm.safeParse({ ...base, confirmPassword: 'Abc124' }))).toEqual([
      { path: 'confirmPassword', message: koAuth.validation.confirmMismatch },
    ]);
    expect(issue(ZSignupForm.safeParse({ ...base, terms: false }))).toEqual([{ path: 'terms', message: koAuth.validation.termsRequired }]);
    expect(issue(ZSignupInput.safeParse({ email: 'a@b.co', password: 'Abc123', full_name: '김', terms: true, age_bracket: '14_or_over' }))).toEqual([
      { path: 'full_name', message: koAuth.validation.nameMin },
    ]);
  });
});

describe('booking schema', () => {
  const ok = { roomId: '7a4f0c3e-2b1d-4c5e-9f6a-0b1c2d3e4f5a', title: '주간 회의', startsAt: '2026-12-01T01:00:00Z', endsAt: '2026-12-01T02:00:00Z' };
  it('accepts a 15-minute-aligned booking and defaults its lists', () => {
    const r = ZCreateBookingInput.parse(ok);
    expect(r.attendees).toEqual([]);
    expect(r.agenda).toBe('');
  });
  it('names the field of each time error', () => {
    expect(issue(ZCreateBookingInput.safeParse({ ...ok, startsAt: '2026-12-01T01:05:00Z' }))).toEqual([{ path: 'startsAt', message: koRooms.validation.step }]);
    expect(issue(ZCreateBookingInput.safeParse({ ...ok, endsAt: ok.startsAt }))).toEqual([{ path: 'endsAt', message: koRooms.validation.order }]);
    expect(issue(ZCreateBookingInput.safeParse({ ...ok, title: '   ' }))?.[0]).toEqual({ path: 'title', message: koRooms.validation.title });
  });
});
