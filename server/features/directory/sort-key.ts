/*
 * The directory's sort key for names, specialties and cities (docs/decisions/005-search-index.md,
 * "Ordering"): lower case, accents folded, surrounding whitespace ignored, then compared by code
 * point, so 'Álvarez' sorts with 'Alvarez' (ties by first name, then id), as a recruiter expects.
 *
 * Written once here and used by both implementations: the index (sortKey) and the reference SQL
 * (sortKeySql). The fold is an explicit character table rather than Unicode decomposition so that
 * PostgreSQL can apply exactly the same one with translate() (no `unaccent` extension, which PGlite
 * does not have).
 */

function foldPairs(): [string, string][] {
  const pairs: [string, string][] = [];
  // Latin-1 Supplement and Latin Extended-A/B: every letter that decomposes into one ASCII letter
  // plus accents ('Á' -> 'a', 'ñ' -> 'n', 'Ş' -> 's').
  for (let code = 0xc0; code <= 0x24f; code++) {
    const ch = String.fromCharCode(code);
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (base !== ch && /^[A-Za-z]$/.test(base)) pairs.push([ch, base.toLowerCase()]);
  }
  // Letters with a stroke do not decompose, but a reader files them under the plain letter.
  for (const [ch, base] of [
    ['Ø', 'o'],
    ['ø', 'o'],
    ['Ł', 'l'],
    ['ł', 'l'],
    ['Đ', 'd'],
    ['đ', 'd'],
    ['Ħ', 'h'],
    ['ħ', 'h'],
    ['ı', 'i'],
  ] as const)
    // prettier-ignore
    pairs.push([ch, base]);
  return pairs;
}

const PAIRS = foldPairs();
/** translate(value, FOLD_FROM, FOLD_TO) folds like `foldAccents`. */
export const FOLD_FROM = PAIRS.map(([from]) => from).join('');
export const FOLD_TO = PAIRS.map(([, to]) => to).join('');
const FOLD = new Map(PAIRS);
const FOLD_PATTERN = new RegExp(`[${FOLD_FROM}]`, 'g');

/** Replaces each accented letter of the table with its plain lower-case letter. */
export function foldAccents(value: string): string {
  return value.replace(FOLD_PATTERN, (ch) => FOLD.get(ch)!);
}

/**
 * The characters JavaScript's String.prototype.trim removes (Unicode white space and line
 * terminators), for SQL's btrim(value, TRIM_CHARS): PostgreSQL's plain trim() removes only spaces.
 */
export const TRIM_CHARS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** The sort key of a value already in lower case ('' = no value: sorts last in both directions). */
export function sortKey(lower: string): string {
  return foldAccents(lower).trim();
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The same key in SQL for `column`, whose text `blanked` is as the index reads it (separator
 * characters blanked); NULL when there is no value.
 */
export function sortKeySql(column: string, blanked: string): string {
  // translate() scans the whole table for every character: ASCII-only text (as many bytes as
  // characters, most of the directory) skips it. Each function runs once per row.
  const folded = `CASE WHEN octet_length(${column}) = char_length(${column}) THEN lower(${blanked}) ELSE translate(lower(${blanked}), ${literal(FOLD_FROM)}, ${literal(FOLD_TO)}) END`;
  return `nullif(btrim(${folded}, ${literal(TRIM_CHARS)}), '')`;
}

/** SQL: `expression` with surrounding white space removed as JavaScript's trim() does. */
export function trimSql(expression: string): string {
  return `btrim(${expression}, ${literal(TRIM_CHARS)})`;
}
