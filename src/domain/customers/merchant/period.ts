export const customerPeriods = ['today', 'this_week', 'this_month'] as const;
export type CustomerPeriod = (typeof customerPeriods)[number];

interface LocalDate {
  year: number;
  month: number;
  day: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
}

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function formatter(timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  });
}

function partsOf(format: Intl.DateTimeFormat, instant: Date) {
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), weekday: weekdays.indexOf(parts.weekday!) + 1 } as LocalDate,
    wall: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)),
  };
}

/**
 * The instant a local midnight of the zone falls on. The zone's offset is read at a first guess and
 * read again at the answer, so a midnight next to a daylight-saving change still lands right.
 */
function midnight(format: Intl.DateTimeFormat, year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  const offsetAt = (instant: number) => partsOf(format, new Date(instant)).wall - Math.floor(instant / 1000) * 1000;
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess));
}

/**
 * The half-open range [from, to) of a period in the store's time zone (an IANA name, Store.timezone)
 * around `now`: today from local midnight; this week from Monday's midnight (weeks start on Monday,
 * ISO 8601); this month from the 1st. `to` is the start of the next period.
 */
export function periodRange(period: CustomerPeriod, timeZone: string, now: Date): { from: Date; to: Date } {
  const format = formatter(timeZone);
  const { year, month, day, weekday } = partsOf(format, now).date;
  // Date.UTC rolls day 0 or day 32 over into the neighbouring month, which is the arithmetic wanted here.
  const localDay = (offsetDays: number) => {
    const d = new Date(Date.UTC(year, month - 1, day + offsetDays));
    return midnight(format, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  };
  if (period === 'today') return { from: localDay(0), to: localDay(1) };
  if (period === 'this_week') return { from: localDay(1 - weekday), to: localDay(8 - weekday) };
  const next = new Date(Date.UTC(year, month, 1));
  return { from: midnight(format, year, month, 1), to: midnight(format, next.getUTCFullYear(), next.getUTCMonth() + 1, 1) };
}
