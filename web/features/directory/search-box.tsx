import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { QUERY_MAX_CHARS, QUERY_MAX_WORDS, queryWordCount } from '@contract/directory';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { QUERY_SETTLE_MS } from '@web/lib/search-params';
import { useLatestCallback } from '@web/lib/use-latest-callback';

/**
 * The search text runs as the user types: each keystroke starts its search (`onType`, one
 * request at a time), and after a short pause (QUERY_SETTLE_MS) the text goes to the URL
 * (replaced, not pushed: one history entry however long the typing); the results follow the
 * URL. Enter runs it at once.
 */
export function SearchBox({
  query,
  onType,
  onSearch,
}: {
  query: string;
  onType: (text: string) => void;
  onSearch: (text: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(query);
  // When the URL's query changes to something this box did not send, it came from elsewhere (a
  // chip, back/forward, a saved search) and replaces the draft. The box's own text must not: its
  // trimmed form would eat a space typed between words. Only a change of the URL counts: while
  // the router is still applying the box's search (a transition), the URL has the old query,
  // and the draft must not go back to it (a click on Search then would send the old text).
  // The box's own searches are the recent ones it sent (typing fast, an older one may land in
  // the URL after a newer one was sent: still ours).
  const [urlQuery, setUrlQuery] = useState(query);
  const [sentQueries, setSentQueries] = useState([query]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (query !== urlQuery) {
    setUrlQuery(query);
    if (query === sentQueries.at(-1)) {
      if (sentQueries.length > 1) setSentQueries([query]); // in step again
    } else if (!sentQueries.includes(query)) {
      setSentQueries([query]);
      setDraft(query);
    }
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  // A query the API would refuse (ADR 027) is not sent: the box says why instead.
  const tooLong = queryTooLong(draft);
  const run = (text: string) => {
    clearTimeout(timer.current);
    if (queryTooLong(text)) return;
    setSentQueries((sent) => [...sent.slice(-19), text.trim()]);
    onSearch(text);
  };
  const onChange = (text: string) => {
    setDraft(text);
    clearTimeout(timer.current);
    if (queryTooLong(text)) return;
    onType(text);
    timer.current = setTimeout(() => run(text), QUERY_SETTLE_MS);
  };
  // Text typed into the server's drawing of the page before it went live (ADR 026) is still in
  // the box (hydration keeps it): it runs now, as if typed now.
  const input = useRef<HTMLInputElement>(null);
  const typedBeforeLive = useLatestCallback(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== draft) onChange(typed);
  });
  useEffect(() => typedBeforeLive(), [typedBeforeLive]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(draft);
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="sr-only">
        Search physicians
      </Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            ref={input}
            id={id}
            type="search"
            name="query"
            value={draft}
            onChange={(event) => onChange(event.target.value)}
            placeholder="Name, specialty, skill, company or title"
            maxLength={QUERY_MAX_CHARS}
            autoComplete="off"
            enterKeyHint="search"
            className="h-10 pl-10 text-base sm:text-sm"
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={tooLong ? `${id}-too-long` : `${id}-help`}
          />
        </div>
        <Button type="submit" className="h-10 px-5">
          Search
        </Button>
      </div>
      {tooLong ? (
        <p id={`${id}-too-long`} role="alert" className="text-xs text-destructive">
          A search takes at most {QUERY_MAX_WORDS} words: remove some to search again.
        </p>
      ) : (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          Results update as you type. A full name, or several words that must each match a field, e.g.
          'cardiology boston' or 'Boston, MA'.
        </p>
      )}
    </form>
  );
}

/** Whether the API would refuse this query for its words (its length is the input's maxLength). */
function queryTooLong(text: string): boolean {
  return queryWordCount(text) > QUERY_MAX_WORDS;
}
