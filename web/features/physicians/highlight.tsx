import { createContext, useContext, type ReactNode } from 'react';
import type { SearchPhysiciansResponse } from '@contract/directory';

/*
 * The words a search matched, marked on its cards and table rows: a word of a shown field that
 * starts with one of the query's words (case and accents ignored, words split as the server
 * splits them: docs/decisions/005-search-index.md), and the specialty when the query named it
 * ('urologist' marks Urology).
 */

export type Highlight = SearchPhysiciansResponse['highlight'];

const NONE: Highlight = { words: [], specialties: [] };
const HighlightContext = createContext<Highlight>(NONE);

export function HighlightProvider({
  value,
  children,
}: {
  value: Highlight | undefined;
  children: ReactNode;
}) {
  return <HighlightContext.Provider value={value ?? NONE}>{children}</HighlightContext.Provider>;
}

export function useHighlight(): Highlight {
  return useContext(HighlightContext);
}

// The server's separators: ASCII other than letters and digits, the no-break space, dashes, curly apostrophes.
// eslint-disable-next-line no-control-regex
const SEPARATORS = /([\u0000-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f\u00a0\u2013\u2014\u2018\u2019]+)/;

const fold = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

export type Part = { text: string; mark: boolean };

/**
 * `text` cut into parts, the matched words marked (each word its own mark, separators unmarked):
 * a query word of several words ('o brien') marks a run of words, matched whole but the last,
 * which it begins.
 */
export function highlightParts(text: string, words: readonly string[]): Part[] {
  if (!text || words.length === 0) return [{ text, mark: false }];
  const pieces = text.split(SEPARATORS);
  // Even indexes are words (possibly empty), odd ones separators.
  const folded = pieces.map((piece, i) => (i % 2 === 0 ? fold(piece) : ''));
  const marked = new Array<boolean>(pieces.length).fill(false);
  const wordIndexes = pieces.map((_, i) => i).filter((i) => i % 2 === 0 && pieces[i] !== '');
  for (const query of words) {
    const parts = query.split(' ').filter(Boolean);
    if (parts.length === 0) continue;
    for (let k = 0; k + parts.length <= wordIndexes.length; k++) {
      const run = wordIndexes.slice(k, k + parts.length);
      const fits = run.every((index, j) =>
        j === parts.length - 1 ? folded[index].startsWith(parts[j]) : folded[index] === parts[j],
      );
      if (fits) for (const index of run) marked[index] = true;
    }
  }
  const out: Part[] = [];
  pieces.forEach((piece, i) => {
    if (!piece) return;
    const mark = marked[i];
    const last = out.at(-1);
    if (last && last.mark === mark) last.text += piece;
    else out.push({ text: piece, mark });
  });
  return out.length ? out : [{ text, mark: false }];
}

const MARK = 'rounded-sm bg-amber-100 px-0.5 text-inherit';

/** A field's text with the words the search matched marked. */
export function Highlighted({ text }: { text: string }) {
  const { words } = useHighlight();
  const parts = highlightParts(text, words);
  if (parts.length === 1 && !parts[0].mark) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? (
          <mark key={i} className={MARK}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** Whether the search named this specialty or sub-specialty ('urologist': Urology). */
export function useSpecialtyNamed(value: string | null | undefined): boolean {
  const { specialties } = useHighlight();
  return !!value && specialties.includes(value.trim().toLowerCase());
}

/** A specialty: marked whole when the search named it, else its matched words. */
export function HighlightedSpecialty({ text }: { text: string }) {
  const named = useSpecialtyNamed(text);
  return named ? <mark className={MARK}>{text}</mark> : <Highlighted text={text} />;
}
