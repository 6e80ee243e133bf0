// The instants every face takes, REST's ISO 8601 text and GraphQL's DateTime alike: what a four-digit
// year can name, from 0001 (PostgreSQL has no year 0 and refuses one) to 9999.
const earliest = Date.parse('0001-01-01T00:00:00.000Z');
const latest = Date.parse('9999-12-31T23:59:59.999Z');

export const instantRangeRule = 'must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z';

export function isWithinInstantRange(date: Date): boolean {
  const time = date.getTime();
  return time >= earliest && time <= latest;
}
