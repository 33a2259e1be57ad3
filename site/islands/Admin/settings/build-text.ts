// How the Settings tab words a site build: counts, durations, 'how long ago', and a build's outcome with its figures.
import type { BuildStats, Json, RebuildJob } from '../../../../lib/contract';
import { dateTime } from '../parts';

export const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

export const number = (n: number) => n.toLocaleString('en-US');
export const plural = (n: number, one: string, many = `${one}s`) => `${number(n)} ${n === 1 ? one : many}`;

/** '4.2 s', '1 min 5 s': how long a build took. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday': as of when the tab was read (it never polls, so Refresh updates it). */
export function timeAgo(value: string, now = Date.now()): string {
  const seconds = (new Date(value).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit);
  return 'just now';
}

/** 'in 4.2 s, 120 pages (3 rendered, 117 reused)': what a finished build did. */
function statsText(figures: Json<BuildStats>): string {
  return `in ${duration(figures.seconds)}, ${pagesText(figures)}`;
}

/** 'Finished …' or 'Requested …', with the build's figures once it has them. */
export function outcomeText(build: Json<RebuildJob>): string {
  const when = build.finishedAt ? `Finished ${dateTime(build.finishedAt)}` : `Requested ${dateTime(build.requestedAt)}`;
  return build.stats ? `${when} · ${statsText(build.stats)}` : when;
}

/** '120 pages (3 rendered, 117 reused)'. */
export function pagesText(figures: Json<BuildStats>): string {
  return `${plural(figures.pages, 'page')} (${number(figures.rendered)} rendered, ${number(figures.reused)} reused)`;
}
