/** Small normalisers shared by the NPPES and DAC mappings. */

/** Trimmed; blank -> null. */
export function clean(value: string | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * The CMS files write names and cities in capitals; the directory shows them in title case
 * (each word's first letter, also after a hyphen, an apostrophe or "Mc").
 */
export function titleCase(value: string | undefined): string | null {
  const v = clean(value);
  if (!v) return null;
  if (v !== v.toUpperCase()) return v; // already mixed case: the source knew better
  return v
    .toLowerCase()
    .replace(/(^|[\s\-'(."/])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/\bMc([a-z])/g, (_, ch: string) => 'Mc' + ch.toUpperCase());
}

/** 9-digit ZIP+4 or 5-digit ZIP -> the 5-digit ZIP; anything else -> null. */
export function zip5(value: string | undefined): string | null {
  const digits = clean(value)?.replace(/-/g, '');
  return digits && /^\d{5}(\d{4})?$/.test(digits) ? digits.slice(0, 5) : null;
}

/** A 10-digit US phone as (XXX) XXX-XXXX; anything else -> null. */
export function phone(value: string | undefined): string | null {
  const digits = clean(value)?.replace(/\D/g, '');
  if (!digits) return null;
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : null;
}

/** MM/DD/YYYY (NPPES) -> YYYY-MM-DD; anything else -> null. */
export function isoDate(value: string | undefined): string | null {
  const m = clean(value)?.match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
}

export const US_STATE_CODES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'.split(' '),
);

/** A state code of the 50 states, DC or a territory; null otherwise. */
export function stateCode(value: string | undefined): string | null {
  const v = clean(value)?.toUpperCase();
  return v && US_STATE_CODES.has(v) ? v : null;
}

/** CSV text for COPY ... (FORMAT csv): null -> unquoted empty (NULL), else quoted. */
export function copyText(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return '"' + (value.includes('"') ? value.replaceAll('"', '""') : value) + '"';
}

/** A text[] literal for COPY. */
export function copyTextArray(values: readonly string[]): string {
  return copyText('{' + values.map((v) => '"' + v.replaceAll('\\', '\\\\').replaceAll('"', '\\"') + '"').join(',') + '}');
}
