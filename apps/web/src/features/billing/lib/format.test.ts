import { describe, expect, it } from 'vitest';
import { bytes, cardExpiry, kstMonthDays, lastDayOf, meterValue } from './format';

describe('billing formats', () => {
  it('takes the month in Korean time (UTC 15:00 on the last day is already the next month)', () => {
    expect(kstMonthDays(new Date('2026-11-30T14:59:59Z'))).toEqual(['11월 1일', '11월 30일']);
    expect(kstMonthDays(new Date('2026-11-30T15:00:00Z'))).toEqual(['12월 1일', '12월 31일']);
    expect(kstMonthDays(new Date('2028-02-10T00:00:00Z'))).toEqual(['2월 1일', '2월 29일']);
  });

  it("shows a period's last day (its end is the next period's start)", () => {
    expect(lastDayOf('2026-11-30T15:00:00.000Z')).toBe('11월 30일');
  });

  it('shows knowledge bytes in decimal MB and GB, counts with their unit', () => {
    expect(bytes(12_500_000)).toBe('12.5 MB');
    expect(bytes(50_000_000)).toBe('50 MB');
    expect(bytes(1_000_000_000)).toBe('1 GB');
    expect(bytes(0)).toBe('0 MB');
    expect(meterValue('knowledge.bytes', 10_000_000_000)).toBe('10 GB');
    expect(meterValue('api.calls', 300_000)).toBe('300,000회');
    expect(meterValue('llm.tokens', 5_000_000)).toBe('5,000,000 토큰');
    expect(meterValue('admin-builder.apps', 5)).toBe('5개');
  });

  it('shows a card expiry as year and month', () => {
    expect(cardExpiry('2028-12')).toBe('2028년 12월');
    expect(cardExpiry('2028-03-31')).toBe('2028년 3월');
    expect(cardExpiry('12/28')).toBe('12/28');
  });
});
