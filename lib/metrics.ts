// Tool performance metrics helpers (docs/decisions/0054-tool-metrics.md): counts are kept per UTC day, named YYYY-MM-DD;
// the dashboard's chart rounds its axis.
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

/** A round top for a chart's axis at or above `max`: 1, 2 or 5 times a power of ten (at least 4, so small counts read well). */
export function axisTop(max: number): number {
  if (max <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= max)!;
}
