/*
 * Freshest source wins (docs/decisions/035-freshest-source-and-move-signals.md): the practice
 * location (city, state, ZIP: one address, never mixed from two sources) and the office phone
 * each keep the source and date of their current value, and an import replaces a value only
 * with one dated later. On the same day NPPES (the address of record) wins, and a source may
 * always correct its own value. A value with no date (written before the dates were kept, or by
 * the demo) is replaced.
 */

export type FreshSource = 'nppes' | 'dac';

/** SQL: whether a new value dated `newDate` from `source` replaces the stored one. */
export function replacesStored(
  source: FreshSource,
  newDate: string,
  stored: { date: string; source: string },
): string {
  return `(${stored.date} IS NULL OR (${newDate} IS NOT NULL AND (${newDate} > ${stored.date}
    OR (${newDate} = ${stored.date} AND ${source === 'nppes' ? 'true' : `${stored.source} = 'dac'`}))))`;
}

/** SQL: whether the row `alias` holds any part of a practice location. */
export const hasLocation = (alias: string) =>
  `(${alias}.city IS NOT NULL OR ${alias}.state IS NOT NULL OR ${alias}.zip IS NOT NULL)`;

/**
 * SQL: whether the incoming location (row `incoming`, dated `newDate`) replaces the stored one
 * (row `stored`): it has one, and the stored row has none or an older one.
 */
export function locationWins(source: FreshSource, incoming: string, newDate: string, stored: string): string {
  return `(${hasLocation(incoming)} AND (NOT ${hasLocation(stored)} OR ${replacesStored(source, newDate, {
    date: `${stored}.location_source_date`,
    source: `${stored}.location_source`,
  })}))`;
}

/** The location's columns. */
export const LOCATION_COLUMNS = ['city', 'state', 'zip'] as const;

/**
 * The office phone's columns when an import replaces its value: the verification of the old
 * number says nothing of the new one, so it starts again unknown and due for the next check
 * (ADR 032).
 */
export function officePhoneWrite(
  source: FreshSource,
  incoming: { phone: string; date: string },
  stored: string,
): string {
  const changed = `${stored}.office_phone IS DISTINCT FROM ${incoming.phone}`;
  const reset = (column: string, value: string) =>
    `${column} = CASE WHEN ${changed} THEN ${value} ELSE ${stored}.${column} END`;
  return [
    `office_phone = ${incoming.phone}`,
    `office_phone_source = '${source}'`,
    `office_phone_source_date = ${incoming.date}`,
    reset('office_phone_status', `'unverified'`),
    reset('office_phone_verified_at', 'NULL'),
    reset('office_phone_verification', `'unknown'`),
    reset('office_phone_confidence', 'NULL'),
    reset('office_phone_method', 'NULL'),
    reset('checked_at', 'NULL'),
  ].join(', ');
}

/** SQL (for ON CONFLICT ... WHERE): the incoming phone replaces the stored one and differs from it. */
export function officePhoneReplaces(
  source: FreshSource,
  incoming: { phone: string; date: string },
  stored: string,
): string {
  return `(${stored}.office_phone IS NULL OR ${replacesStored(source, incoming.date, {
    date: `${stored}.office_phone_source_date`,
    source: `${stored}.office_phone_source`,
  })})
    AND (${stored}.office_phone, ${stored}.office_phone_source, ${stored}.office_phone_source_date)
      IS DISTINCT FROM (${incoming.phone}, '${source}', ${incoming.date})`;
}
