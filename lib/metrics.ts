// The UTC days of tool performance metrics (docs/decisions/0054-tool-metrics.md): counts are kept per UTC day, named YYYY-MM-DD.
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, as YYYY-MM-DD. */
export function utcDay(at: number | Date = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The `days` UTC days that end with the day of `at` (today included), oldest first. */
export function lastDays(days: number, at: number | Date = Date.now()): string[] {
  const end = Date.parse(utcDay(at));
  return Array.from({ length: days }, (_, i) => utcDay(end - (days - 1 - i) * DAY_MS));
}
