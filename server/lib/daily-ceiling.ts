/*
 * Per-user daily fair-use ceilings (contact reveals, exported contacts) count calendar days in
 * UTC: one reset time for everyone, easy to state in a message, independent of the server's zone.
 */

/** Midnight UTC at the start of `now`'s day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Midnight UTC at the end of `now`'s day: when the daily count starts again. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(startOfUtcDay(now).getTime() + 86_400_000);
}

/** Midnight UTC on the first of `now`'s month: where a monthly cap counts from (ADR 061). */
export function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Midnight UTC on the first of the next month: when a monthly cap starts again. */
export function nextUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** 'in 3 hours 12 minutes', 'in 45 minutes', 'in less than a minute'. */
export function timeUntil(then: Date, now: Date): string {
  const minutes = Math.floor((then.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return 'in less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (rest) parts.push(`${rest} ${rest === 1 ? 'minute' : 'minutes'}`);
  return `in ${parts.join(' ')}`;
}

/** The sentence every ceiling message ends with: 'It resets at midnight UTC (in 3 hours 12 minutes).' */
export function resetSentence(now: Date): string {
  return `It resets at midnight UTC (${timeUntil(nextUtcMidnight(now), now)}).`;
}
