import { Info } from 'lucide-react';
import type { UnheldWord } from '@contract/directory';
import { queryInstead } from './unheld-words';

/**
 * What the answer says of the query's words of no field the directory holds (ADR 052): one line
 * each ('CRNAs are nurse anesthetists, not physicians: ...'), with the phrase the directory does
 * hold offered instead when there is one. Shown in the empty state, and above the results when
 * the query's other words found some. A screen reader hears the messages from the page's status
 * line (unheldWordsStatus), read when the answer arrives.
 */
export function UnheldWordsNotice({
  words,
  query,
  onSearch,
  className = '',
}: {
  words: readonly UnheldWord[];
  query: string;
  onSearch: (query: string) => void;
  className?: string;
}) {
  if (words.length === 0) return null;
  return (
    <ul aria-label="Words that name no field we hold" className={`flex flex-col gap-1.5 ${className}`}>
      {words.map((word) => (
        <li key={word.text} className="flex items-start gap-2 text-left text-sm text-slate-700">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span className="min-w-0">
            {word.message}
            {word.instead && (
              <>
                {' '}
                <button
                  type="button"
                  className="cursor-pointer text-left font-medium text-primary underline-offset-2 hover:underline focus-visible:underline"
                  onClick={() => onSearch(queryInstead(query, word.text, word.instead!))}
                >
                  {`Search for '${queryInstead(query, word.text, word.instead)}' instead`}
                </button>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The messages as one sentence for the page's status line (a polite live region). */
export function unheldWordsStatus(words: readonly UnheldWord[]): string {
  return words.map((word) => word.message).join(' ');
}
