import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatHkDate,
  formatHkDateTime,
  formatHkDayTime,
  formatHkTime,
  formatHkTimestamp,
  fromHkWallClock,
  formatMinutesLeft,
  hkDays,
  hkWallClock,
  hkMonth,
  hkYymmdd,
} from './hk-time';

describe('Hong Kong time', () => {
  // 23:30 UTC is already the next day in Hong Kong (UTC+8), whatever zone the device is in.
  const iso = '2026-01-04T23:30:00.000Z';

  it('shows dates and times in Hong Kong time', () => {
    expect(formatHkDate(iso)).toBe('2026年1月5日');
    expect(formatHkDateTime(iso)).toBe('2026年1月5日 07:30');
    expect(formatHkDayTime(iso)).toBe('1月5日 07:30');
    expect(formatHkTime(iso)).toBe('07:30');
  });

  it('shows the back office its numeric YYYY-MM-DD HH:mm, padded, midnight as 00:00', () => {
    expect(formatHkTimestamp(iso)).toBe('2026-01-05 07:30');
    expect(formatHkTimestamp(new Date('2026-03-08T16:00:00.000Z'))).toBe('2026-03-09 00:00');
    expect(formatHkTimestamp('2026-12-31T15:59:00.000Z')).toBe('2026-12-31 23:59');
    expect(formatHkTimestamp(null)).toBe('—');
    expect(formatHkTimestamp('not a time')).toBe('—');
  });

  it('keeps midnight as 00:00 and single-digit months and days unpadded', () => {
    expect(formatHkDateTime('2026-03-08T16:00:00.000Z')).toBe('2026年3月9日 00:00');
    expect(formatHkDayTime('2026-12-31T15:59:00.000Z')).toBe('12月31日 23:59');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(formatHkDate('not a time')).toBe('');
  });

  it('formats what is left of a countdown', () => {
    expect(formatCountdown(2 * 86_400_000 + 3_723_900)).toBe('2 日 01:02:03');
    expect(formatMinutesLeft(15 * 60_000)).toBe('15:00');
    expect(formatMinutesLeft(500)).toBe('00:01');
    expect(formatMinutesLeft(-1)).toBe('00:00');
  });
});

describe('Hong Kong calendar days', () => {
  it('dates numbers by the Hong Kong day, which starts at 16:00 UTC', () => {
    expect(hkYymmdd(new Date('2026-11-21T15:59:59Z'))).toBe('261121');
    expect(hkYymmdd(new Date('2026-11-21T16:00:00Z'))).toBe('261122');
    expect(hkYymmdd(new Date('2026-01-04T23:30:00Z'))).toBe('260105');
  });

  it('names the Hong Kong month a monthly perk counts in', () => {
    expect(hkMonth(new Date('2026-11-30T15:59:59Z'))).toBe('2026-11');
    expect(hkMonth(new Date('2026-11-30T16:00:00Z'))).toBe('2026-12');
    expect(hkMonth(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01');
  });

  it('lists the days ending today and the instant the first starts', () => {
    expect(hkDays(new Date('2026-11-21T17:30:00Z'), 2)).toEqual({
      dates: ['2026-11-21', '2026-11-22'],
      since: new Date('2026-11-20T16:00:00Z'),
    });
  });
});

describe('Hong Kong wall clock (the back office date pickers)', () => {
  it('reads an instant as Hong Kong wall clock and back, to the millisecond', () => {
    expect(hkWallClock('2026-01-04T23:30:12.345Z')).toBe('2026-01-05T07:30:12.345');
    expect(fromHkWallClock('2026-01-05T07:30:12.345').toISOString()).toBe('2026-01-04T23:30:12.345Z');
    expect(fromHkWallClock('2026-01-05T00:00').toISOString()).toBe('2026-01-04T16:00:00.000Z');
    expect(hkWallClock('not a time')).toBe('');
  });
});

describe('the fixed UTC+8 offset', () => {
  it('reads every instant since 1980 as the platform time-zone data does for Asia/Hong_Kong', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Hong_Kong',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const from = Date.UTC(1980, 0, 1);
    const to = Date.UTC(2060, 0, 1);
    // 20 000 instants spread over 80 years (a fixed step, so no run differs), plus each New Year's turn in Hong Kong.
    const instants = Array.from({ length: 20_000 }, (_, i) => from + Math.floor(((to - from) / 20_000) * i) + i * 997);
    for (let y = 1980; y < 2060; y++)
      instants.push(Date.UTC(y, 0, 1) - 8 * 3_600_000 - 1, Date.UTC(y, 0, 1) - 8 * 3_600_000);
    for (const at of instants) {
      const p = Object.fromEntries(intl.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
      expect(formatHkTimestamp(new Date(at))).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`);
    }
  });
});
