/**
 * Whether `value` is a calendar day written YYYY-MM-DD that exists: '2026-02-30' is refused
 * (JavaScript's Date would roll it over to March 2; PostgreSQL refuses it with an error).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
