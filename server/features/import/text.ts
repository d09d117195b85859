/** Small normalisers shared by the NPPES and DAC mappings. */

/** Trimmed; blank -> null. */
export function clean(value: string | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * The CMS files write names and cities in capitals; the directory shows them in title case
 * (each word's first letter, also after a hyphen, an apostrophe or "Mc"). Typographic
 * apostrophes (’ ‘ ʼ, as some files write D’ANGELO) count as the plain one and are kept.
 */
export function titleCase(value: string | undefined): string | null {
  const v = clean(value);
  if (!v) return null;
  if (v !== v.toUpperCase()) return v; // already mixed case: the source knew better
  return v
    .toLowerCase()
    .replace(/(^|[\s\-'\u2018\u2019\u02bc(."/])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/\bMc([a-z])/g, (_, ch: string) => 'Mc' + ch.toUpperCase());
}

/**
 * Values a spreadsheet changed when the file was opened and saved in it (Excel, pandas), read
 * back as they were and counted; `phonesLost` are phone numbers saved in scientific notation
 * with digits missing, which cannot be read back (docs/decisions/029).
 */
export type Repairs = { dates: number; zips: number; codes: number; phones: number; phonesLost: number };

export function emptyRepairs(): Repairs {
  return { dates: 0, zips: 0, codes: 0, phones: 0, phonesLost: 0 };
}

/** A whole number a spreadsheet wrote as a decimal ('1.0', '27157.0') -> its digits; else the value. */
export function integerText(value: string, repairs?: Repairs): string {
  if (value.length > 2 && value.charCodeAt(value.length - 2) === 46 && value.endsWith('0')) {
    const m = value.match(/^(\d+)\.0+$/);
    if (m) {
      if (repairs) repairs.codes++;
      return m[1]!;
    }
  }
  return value;
}

/**
 * 5-digit ZIP or ZIP+4 -> the 5-digit ZIP. A spreadsheet drops leading zeros (01234 -> 1234,
 * 00601 -> 601, 012345678 -> 12345678): 3, 4, 7 and 8 digits get them back. Anything else -> null.
 */
export function zip5(value: string | undefined, repairs?: Repairs): string | null {
  const v = clean(value);
  if (!v) return null;
  let digits = v.replace(/-/g, '');
  if (/^\d{5}(\d{4})?$/.test(digits)) return digits.slice(0, 5);
  digits = integerText(digits);
  if (!/^\d+$/.test(digits)) return null;
  const length = digits.length;
  if (length === 5 || length === 9) {
    if (repairs) repairs.zips++;
    return digits.slice(0, 5);
  }
  if (length === 3 || length === 4 || length === 7 || length === 8) {
    if (repairs) repairs.zips++;
    return digits.padStart(length <= 5 ? 5 : 9, '0').slice(0, 5);
  }
  return null;
}

/**
 * A 10-digit US phone as (XXX) XXX-XXXX; anything else -> null. A number a spreadsheet wrote in
 * scientific notation is read back when every digit is still there (3.367161000E+09), and
 * counted as lost when it is not (3.37E+09).
 */
export function phone(value: string | undefined, repairs?: Repairs): string | null {
  let v = clean(value);
  if (!v) return null;
  const scientific = /^(\d)\.(\d+)E\+?(\d+)$/i.exec(v);
  if (scientific) {
    const [, whole, fraction, exponent] = scientific as unknown as [string, string, string, string];
    const digits = Number(exponent);
    if (fraction.replace(/0+$/, '').length > digits || digits > 11) return null;
    if (fraction.length < digits && (digits === 9 || digits === 10)) {
      if (repairs) repairs.phonesLost++;
      return null;
    }
    v = whole + fraction.padEnd(digits, '0');
    if (repairs) repairs.phones++;
  } else if (v.endsWith('.0')) {
    v = integerText(v);
    if (repairs && !v.endsWith('.0')) repairs.phones++;
  }
  const all = v.replace(/\D/g, '');
  const ten = all.length === 11 && all.startsWith('1') ? all.slice(1) : all;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : null;
}

/**
 * MM/DD/YYYY (NPPES) -> YYYY-MM-DD. A spreadsheet writes M/D/YY or M/D/YYYY (and some YYYY-MM-DD):
 * read too, and counted. A two-digit year is this century's unless that would be in the future.
 * Anything else -> null.
 */
export function isoDate(value: string | undefined, repairs?: Repairs): string | null {
  const v = clean(value);
  if (!v) return null;
  const m = v.match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  if (m) return `${m[3]}-${m[1]}-${m[2]}`;
  let year: number, month: number, day: number;
  const us = v.match(/^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/);
  const iso = v.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (us) {
    month = Number(us[1]);
    day = Number(us[2]);
    year = Number(us[3]);
    if (us[3]!.length === 2) {
      const thisYear = new Date().getUTCFullYear() % 100;
      year += year <= thisYear ? 2000 : 1900;
    }
  } else if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (repairs) repairs.dates++;
  return date.toISOString().slice(0, 10);
}

/**
 * Credentials as one spelling: 'M.D.', 'M. D.', 'md' -> 'MD'; 'D.O.' -> 'DO'; 'M.D., PH.D.' ->
 * 'MD, PHD'; 'PA -C', 'PA - C', 'P.A.-C' -> 'PA-C'. Parts stay apart at commas, semicolons and
 * slashes; letters written one by one with dots or spaces between them ('M. D.') are one word; a
 * hyphen joins the words either side of it without spaces.
 */
export function credentialText(value: string | undefined): string | null {
  const v = clean(value);
  if (!v) return null;
  const parts = v
    .toUpperCase()
    .split(/\s*[,;/]\s*/)
    .map((part) => {
      // A hyphen is a word of its own while letters are joined, then joins its neighbours.
      const text = part.replace(/\.(?=\S)/g, '. ').replace(/\s*-\s*/g, ' - ').replace(/\s+/g, ' ').trim();
      // 'M. D.' / 'M D' / 'PH. D.': a run of single letters (dots dropped) is one word.
      const words = text.split(' ').map((w) => w.replace(/\./g, '')).filter(Boolean);
      const out: string[] = [];
      for (const word of words) {
        const last = out.length - 1;
        if (last >= 0 && /^[A-Z]{1,2}$/.test(word) && /^[A-Z]{1,3}$/.test(out[last]!) && (word.length === 1 || out[last]!.length === 1)) {
          out[last] += word;
        } else {
          out.push(word);
        }
      }
      return out.join(' ').replace(/ ?- ?/g, '-');
    })
    .filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** Whether a credential names a physician (MD or DO, any spelling). */
export function isPhysicianCredential(credential: string | null): boolean {
  if (!credential) return false;
  return credential.split(/[^A-Z]+/).some((word) => word === 'MD' || word === 'DO');
}

/**
 * Credential words of clinicians who are not physicians and whom a physician taxonomy code does
 * not make one: dentists (an oral & maxillofacial surgeon's 204E00000X with DDS or DMD), nurse
 * practitioners and other advanced practice nurses, optometrists, podiatrists, chiropractors.
 */
const OTHER_CLINICIAN_WORDS = new Set(
  'DDS DMD NP FNP ANP ACNP AGNP AGACNP AGPCNP PNP PMHNP WHNP CNP CRNP APRN APN DNP RN CRNA CNM OD DPM DC'.split(' '),
);

/**
 * Whether a credential names another profession and no physician: 'DDS', 'D.M.D.', 'FNP-C',
 * 'APRN, NP'; an oral surgeon with both ('DDS, MD') is a physician.
 */
export function isOtherClinicianCredential(credential: string | null): boolean {
  if (!credential || isPhysicianCredential(credential)) return false;
  return credential.split(/[^A-Z]+/).some((word) => OTHER_CLINICIAN_WORDS.has(word));
}

export const US_STATE_CODES = new Set(
  // The military post codes (AA, AE, AP) are where APO/FPO addresses are.
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP AA AE AP'.split(' '),
);

/** A state code of the 50 states, DC, a territory or a military post; null otherwise. */
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
