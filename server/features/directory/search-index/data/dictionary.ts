import { firstWordFrom, hasWholeWord, hasWordPrefix, searchWords } from './search-words';
import { ITEM_SEP, NULL_MARK, SCALAR_FIELDS, SET_FIELDS } from './wire-format';

/**
 * A copy of `value` that does not point into the string it was cut from: V8 keeps substrings
 * of 13+ characters as views of their parent, and a dictionary entry would otherwise keep a
 * whole multi-megabyte batch alive.
 */
function detach(value: string): string {
  return (value + ' ').slice(0, -1);
}

// eslint-disable-next-line no-control-regex
const SEPARATOR = /[\u001c-\u001f]/;
// eslint-disable-next-line no-control-regex
const SEPARATORS = /[\u001c-\u001f]/g;

/**
 * Whether an index made over codes [1, upTo) is made again now that there are `size`: once codes
 * past it number over 1,024 and an eighth of it (until then they are read one by one).
 */
const outgrown = (upTo: number, size: number) => size - upTo > Math.max(1024, upTo >> 3);

/** A dictionary's words, sorted; word i is in the values codes[starts[i] .. starts[i + 1]). */
type WordIndex = { words: string[]; starts: Int32Array; codes: Int32Array; upTo: number };

/** Distinct values of one text field; append-only, shared by the snapshots of one build. */
export class Dictionary {
  readonly values: string[] = [''];
  readonly lower: string[] = [''];
  private readonly codes = new Map<string, number>();
  /** Each value's words (criteria.ts, searchWords), made when a search first reads them. */
  private readonly wordForms: (string | undefined)[] = [''];

  get size(): number {
    return this.values.length;
  }

  /** The dictionary of these values, code i for values[i] (values[0] is the empty code): a saved one read back. */
  static fromValues(values: readonly string[]): Dictionary {
    const d = new Dictionary();
    for (let code = 1; code < values.length; code++) {
      d.values.push(values[code]);
      d.lower.push(values[code].toLowerCase());
      d.codes.set(values[code], code);
    }
    return d;
  }

  /** The words of value `code` as word-prefix matching reads them (' smith jones'). */
  words(code: number): string {
    let words = this.wordForms[code];
    if (words === undefined) {
      words = searchWords(this.values[code]);
      this.wordForms[code] = words;
    }
    return words;
  }

  /** The words of values [1, upTo), sorted, with the codes holding each (see codesWithWord). */
  private wordIndex: WordIndex | null = null;

  /**
   * The codes whose words include `word` (or, with `prefix`, a word starting with it), in no
   * particular order, a code possibly twice: a term reads these few instead of testing every
   * value (tens of thousands of organisations). Made on first use; values added since are
   * tested one by one until there are enough of them to make it again.
   */
  codesWithWord(word: string, prefix: boolean): number[] {
    const size = this.size;
    let index = this.wordIndex;
    if (!index || outgrown(index.upTo, size)) index = this.wordIndex = this.indexWords();
    const { words, starts, codes } = index;
    const found: number[] = [];
    // The first word not before `word`, then every word equal to it (or starting with it).
    for (let i = firstWordFrom(words, word); i < words.length && (prefix ? words[i].startsWith(word) : words[i] === word); i++)
      for (let k = starts[i]; k < starts[i + 1]; k++) found.push(codes[k]);
    const holds = prefix ? hasWordPrefix : hasWholeWord;
    for (let c = index.upTo; c < size; c++) if (holds(this.words(c), word)) found.push(c);
    return found;
  }

  /** Bytes of the word index (the memory figure counts it). */
  get wordIndexBytes(): number {
    const index = this.wordIndex;
    if (!index) return 0;
    let bytes = index.starts.byteLength + index.codes.byteLength;
    for (const w of index.words) bytes += 16 + 2 * w.length;
    return bytes;
  }

  private indexWords(): WordIndex {
    const upTo = this.size;
    const byWord = new Map<string, number[]>();
    for (let c = 1; c < upTo; c++) {
      for (const w of this.words(c).split(' ')) {
        if (!w) continue;
        const holding = byWord.get(w);
        if (!holding) byWord.set(w, [c]);
        else if (holding[holding.length - 1] !== c) holding.push(c);
      }
    }
    const words = [...byWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const starts = new Int32Array(words.length + 1);
    words.forEach((w, i) => (starts[i + 1] = starts[i] + byWord.get(w)!.length));
    const codes = new Int32Array(starts[words.length]);
    words.forEach((w, i) => codes.set(byWord.get(w)!, starts[i]));
    return { words, starts, codes, upTo };
  }

  code(value: string | null | undefined): number {
    if (value == null || value === NULL_MARK) return 0;
    let code = this.codes.get(value);
    if (code === undefined && SEPARATOR.test(value)) {
      // A separator character inside a value (read by the fast path, which leaves U+001C and
      // U+001D in single values) counts as a space, as in the blanked fallback read: the same
      // physician must not match or sort differently depending on the rest of its batch.
      code = this.code(value.replace(SEPARATORS, ' '));
      this.codes.set(detach(value), code);
    }
    if (code === undefined) {
      const own = detach(value);
      code = this.values.length;
      this.values.push(own);
      this.lower.push(own.toLowerCase());
      this.codes.set(own, code);
    }
    return code;
  }
}

/** Item -> the sets holding it, for sets [1, upTo): set codes[starts[i] .. starts[i + 1]) hold item i. */
type HoldingIndex = { starts: Int32Array; codes: Int32Array; upTo: number };

/**
 * Distinct sets of values (e.g. a physician's skills). Set `c` holds the item codes
 * flat[starts[c]] .. flat[starts[c + 1] - 1] (sorted, distinct); set 0 is the empty set.
 * `starts` and `flat` are typed arrays with room to grow (a larger copy replaces them when they
 * are full): read them up to `size + 1` and `flatLength`.
 */
export class SetDictionary {
  constructor(readonly items = new Dictionary()) {}
  starts: Int32Array = new Int32Array(64);
  flat: Int32Array = new Int32Array(64);
  private sets = 1;
  /** Item codes held in `flat`. */
  flatLength = 0;
  private readonly byKey = new Map<string, number>();
  /** Sets [keyed, size) are not in byKey yet (a dictionary read back from a file fills it on demand). */
  private keyed = Infinity;
  /** The stored text of a set (items in stored order) -> its code, to skip re-sorting. */
  private readonly byRaw = new Map<string, number>();

  get size(): number {
    return this.sets;
  }

  /** The set dictionary of these parts (a saved one read back; compacted). */
  static fromParts(items: Dictionary, starts: Int32Array, flat: Int32Array): SetDictionary {
    const d = new SetDictionary(items);
    d.starts = starts.slice();
    d.flat = flat.slice();
    d.sets = starts.length - 1;
    d.flatLength = flat.length;
    d.keyed = 1; // sets 1.. are not in byKey yet: made on the first code() that needs it
    return d;
  }

  /** The item codes of set `c` (a view). */
  itemsOf(c: number): Int32Array {
    return this.flat.subarray(this.starts[c], this.starts[c + 1]);
  }

  private holdingIndex: HoldingIndex | null = null;

  /**
   * The sets (codes, ascending) that hold item `item`: a term's sets are found from its matching
   * items, not by reading every distinct set (hundreds of thousands at 1,500,000 physicians).
   * The index is made on first use; sets added since are read one by one until there are enough
   * of them to make it again.
   */
  setsHolding(item: number): Int32Array {
    const size = this.size;
    let index = this.holdingIndex;
    if (!index || outgrown(index.upTo, size)) index = this.holdingIndex = this.indexHolding();
    const listed = item < index.starts.length - 1 ? index.codes.subarray(index.starts[item], index.starts[item + 1]) : NO_SETS;
    if (index.upTo === size) return listed;
    const later: number[] = [];
    for (let c = index.upTo; c < size; c++) if (this.itemsOf(c).includes(item)) later.push(c);
    if (!later.length) return listed;
    const out = new Int32Array(listed.length + later.length);
    out.set(listed);
    out.set(later, listed.length);
    return out;
  }

  private indexHolding(): HoldingIndex {
    const upTo = this.size;
    const { starts, flat } = this;
    const perItem = new Int32Array(this.items.size + 1);
    for (let k = starts[1]; k < starts[upTo]; k++) perItem[flat[k] + 1]++;
    for (let i = 1; i < perItem.length; i++) perItem[i] += perItem[i - 1];
    const codes = new Int32Array(perItem[perItem.length - 1]);
    const next = perItem.slice(0, -1);
    for (let c = 1; c < upTo; c++) for (let k = starts[c]; k < starts[c + 1]; k++) codes[next[flat[k]]++] = c;
    return { starts: perItem, codes, upTo };
  }

  /** Bytes of the sets and of the item -> sets index (the memory figure counts them). */
  get bytes(): number {
    const index = this.holdingIndex;
    return this.starts.byteLength + this.flat.byteLength + (index ? index.starts.byteLength + index.codes.byteLength : 0);
  }

  /** Drops the build-time shortcut table (sets are found by their sorted items afterwards). */
  compact(): void {
    this.byRaw.clear();
  }

  code(raw: string): number {
    if (raw === '' || raw === NULL_MARK) return 0;
    const known = this.byRaw.get(raw);
    if (known !== undefined) return known;
    const items = [...new Set(raw.split(ITEM_SEP).map((v) => this.items.code(v)))].sort((a, b) => a - b);
    const key = items.join(',');
    if (this.keyed < this.size) {
      for (let c = this.keyed; c < this.size; c++) this.byKey.set(this.itemsOf(c).join(','), c);
      this.keyed = Infinity;
    }
    let code = this.byKey.get(key);
    if (code === undefined) {
      code = this.size;
      this.append(items);
      this.byKey.set(key, code);
    }
    this.byRaw.set(detach(raw), code);
    return code;
  }

  /** Adds a set of these items (sorted, distinct) as the next code. */
  private append(items: readonly number[]): void {
    if (this.flatLength + items.length > this.flat.length) this.flat = grown(this.flat, this.flatLength + items.length);
    if (this.sets + 2 > this.starts.length) this.starts = grown(this.starts, this.sets + 2);
    this.flat.set(items, this.flatLength);
    this.flatLength += items.length;
    this.sets++;
    this.starts[this.sets] = this.flatLength;
  }
}

/** A copy of `array` with room for at least `needed` (twice as many, or more). */
function grown(array: Int32Array, needed: number): Int32Array {
  const out = new Int32Array(Math.max(needed, array.length * 2));
  out.set(array);
  return out;
}

const NO_SETS = new Int32Array(0);

/** One dictionary per scalar field and per set field (in SCALAR_FIELDS and SET_FIELDS order). */
export type Dictionaries = { scalar: Dictionary[]; sets: SetDictionary[] };

export function newDictionaries(): Dictionaries {
  return {
    scalar: SCALAR_FIELDS.map(() => new Dictionary()),
    sets: SET_FIELDS.map(() => new SetDictionary()),
  };
}

/** The directory's own rows per item, per snapshot's counts array (they never change). */
const ownItemCounts = new WeakMap<Int32Array, Int32Array>();

/** itemCounts of a snapshot's own set counts, made once per snapshot. */
export function directoryItemCounts(dict: SetDictionary, setCounts: Int32Array): Int32Array {
  let counts = ownItemCounts.get(setCounts);
  if (!counts || counts.length !== dict.items.size) {
    counts = itemCounts(dict, setCounts);
    ownItemCounts.set(setCounts, counts);
  }
  return counts;
}

/** Rows per item of a set field, from the rows per distinct set. */
export function itemCounts(dict: SetDictionary, setCounts: Int32Array): Int32Array {
  const counts = new Int32Array(dict.items.size);
  for (let c = 1; c < setCounts.length; c++) {
    if (setCounts[c] === 0) continue;
    for (let k = dict.starts[c]; k < dict.starts[c + 1]; k++) counts[dict.flat[k]] += setCounts[c];
  }
  return counts;
}
