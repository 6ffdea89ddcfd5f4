import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDateTime, wallClockParts } from '../../../../demo/server/core/lib/time.ts';

/** What Intl alone renders for an instant: the server's datetimes must read the same at every instant. */
function byIntl(iso: string, tz: string): string {
  const parts = wallClockParts(new Date(iso), tz);
  const match = /GMT([+-])(\d{2}):?(\d{2})/.exec(parts.timeZoneName ?? '');
  const zone = match ? `${match[1]}${match[2]}${match[3]}` : '+0000';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zone}`;
}

const ZONES = [
  'Asia/Shanghai',
  'UTC',
  'America/New_York',
  'Europe/Dublin',
  'Australia/Lord_Howe', // half-hour daylight saving
  'Asia/Kathmandu', // +05:45
  'America/St_Johns', // -03:30 with daylight saving
  'Pacific/Apia', // skipped a whole day in 2011
  'Africa/Casablanca',
];

test('datetimes render as Intl does across two centuries, whatever the zone', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  const from = Date.UTC(1890, 0, 1);
  const to = Date.UTC(2090, 0, 1);
  for (const tz of ZONES) {
    for (let i = 0; i < 3000; i += 1) {
      const iso = new Date(from + Math.floor(random() * (to - from))).toISOString();
      assert.equal(formatDateTime(iso, tz), byIntl(iso, tz), `${iso} in ${tz}`);
    }
  }
});

test('datetimes render as Intl does on both sides of every 2021 clock change', () => {
  for (const tz of ['America/New_York', 'Australia/Lord_Howe', 'Europe/Dublin']) {
    for (let at = Date.UTC(2021, 0, 1); at < Date.UTC(2022, 0, 1); at += 17 * 60_000 + 13_000) {
      const iso = new Date(at).toISOString();
      assert.equal(formatDateTime(iso, tz), byIntl(iso, tz), `${iso} in ${tz}`);
    }
  }
  assert.equal(formatDateTime('2021-03-14T06:59:59Z', 'America/New_York'), '2021-03-14 01:59:59 -0500');
  assert.equal(formatDateTime('2021-03-14T07:00:00Z', 'America/New_York'), '2021-03-14 03:00:00 -0400');
});

test('local mean time and years outside four digits still come from Intl', () => {
  assert.equal(formatDateTime('1890-06-01T00:00:00Z', 'Asia/Shanghai'), byIntl('1890-06-01T00:00:00Z', 'Asia/Shanghai'));
  assert.equal(formatDateTime('0999-01-01T00:00:00Z', 'UTC'), byIntl('0999-01-01T00:00:00Z', 'UTC'));
  assert.equal(formatDateTime('', 'UTC'), null);
  assert.equal(formatDateTime('not a date', 'UTC'), null);
});
