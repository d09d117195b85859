import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Plus, Search } from 'lucide-react';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn, formatNumber } from '@web/lib/utils';
import { visibleOptions, type FilterOption } from './filter-options';
import { includesCaseInsensitive, SEARCH_DEBOUNCE_MS, toggleListValue } from '@web/lib/search-params';

type TextFilterProps = {
  label: ReactNode;
  /** The value in the URL. */
  value: string;
  onCommit: (value: string) => void;
  placeholder?: string;
  inputMode?: ComponentProps<'input'>['inputMode'];
  /** Characters kept from what is typed (e.g. digits only for NPI and years). */
  accept?: RegExp;
  maxLength?: number;
  className?: string;
};

/**
 * A free-text filter: typing updates the URL after a short pause (or at once on Enter / leaving
 * the field), so a search runs per phrase rather than per keystroke.
 */
export function TextFilter({
  label,
  value,
  onCommit,
  placeholder,
  inputMode,
  accept,
  maxLength,
  className,
}: TextFilterProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [urlValue, setUrlValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL changed underneath (Clear All, a chip removed, back/forward): show it, unless it
  // is just the committed form of what is being typed ('New ' -> 'New').
  if (value !== urlValue) {
    setUrlValue(value);
    if (value !== draft.trim()) setDraft(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) onCommit(next.trim());
  };

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} className="text-[13px] font-medium text-slate-700">
        {label}
      </Label>
      <Input
        id={id}
        value={draft}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength ?? 200}
        autoComplete="off"
        className="h-9"
        onChange={(event) => {
          const next = accept ? (event.target.value.match(accept) ?? []).join('') : event.target.value;
          setDraft(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(draft);
          }
        }}
        onBlur={() => commit(draft)}
      />
    </div>
  );
}

type CheckboxListProps = {
  /** Names the group for screen readers (the section title is the visible label). */
  label: string;
  options: FilterOption[];
  selected: string[];
  onChange: (next: string[]) => void;
  /** Show a search box over the options (long lists). */
  searchable?: boolean;
  searchLabel?: string;
  /** Offer to add what was typed when it matches no option (skills). */
  allowCustom?: boolean;
  loading?: boolean;
  /** Scroll inside the list past this height. */
  maxHeightClassName?: string;
  /**
   * The search box asks the server (a type-ahead, e.g. 'Affiliated with'): each term goes here,
   * and the options shown are the ones given, not filtered again here.
   */
  onSearch?: (term: string) => void;
  /** What an empty list says (default 'No matches'). */
  emptyText?: string;
};

/** A list of checkboxes with counts (thousands separators), optionally searchable. */
/**
 * The search box above a long filter list (Skills, Specialty): a magnifier, the label for screen
 * readers (the placeholder says it to the eye), no autocomplete.
 */
export function OptionSearch({
  id,
  label,
  placeholder = label,
  value,
  onChange,
  onKeyDown,
}: {
  id: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: ComponentProps<'input'>['onKeyDown'];
}) {
  return (
    <div className="relative">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        className="h-9 pl-8"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

export function CheckboxList({
  label,
  options,
  selected,
  onChange,
  searchable = false,
  searchLabel,
  allowCustom = false,
  loading = false,
  maxHeightClassName = 'max-h-60',
  onSearch,
  emptyText = 'No matches',
}: CheckboxListProps) {
  const baseId = useId();
  const [term, setTerm] = useState('');
  const shown = visibleOptions(options, selected, onSearch ? '' : term);
  const typed = term.trim();
  const canAddTyped =
    allowCustom &&
    typed.length > 0 &&
    !shown.some((option) => option.value.toLowerCase() === typed.toLowerCase());

  const addTyped = () => {
    if (!canAddTyped) return;
    onChange(toggleListValue(selected, typed, true));
    setTerm('');
  };

  return (
    <div className="flex flex-col gap-2">
      {searchable && (
        <OptionSearch
          id={`${baseId}-search`}
          label={searchLabel ?? `Search ${label.toLowerCase()}`}
          value={term}
          onChange={(next) => {
            setTerm(next);
            onSearch?.(next);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addTyped();
            }
          }}
        />
      )}
      {canAddTyped && (
        <button
          type="button"
          onClick={addTyped}
          className="flex cursor-pointer items-center gap-1.5 rounded-md px-1 py-1 text-left text-sm font-medium text-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Plus className="size-4" aria-hidden />
          Add “{typed}”
        </button>
      )}
      {loading ? (
        <div className="flex flex-col gap-2.5 py-1" aria-hidden>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-4" />
          ))}
        </div>
      ) : (
        // A group (its checkboxes share the label) holding a list (a screen reader counts the items).
        <div role="group" aria-label={label}>
          <ul
            className={cn('-mx-1 flex flex-col overflow-y-auto overscroll-contain px-1', maxHeightClassName)}
          >
            {shown.length === 0 && <li className="py-1.5 text-sm text-muted-foreground">{emptyText}</li>}
            {shown.map((option, index) => {
              const id = `${baseId}-${index}`;
              const checked = includesCaseInsensitive(selected, option.value);
              return (
                <li
                  key={option.value}
                  className="flex items-center gap-2.5 rounded-md px-1 py-1.5 hover:bg-secondary/70"
                >
                  <Checkbox
                    id={id}
                    checked={checked}
                    onCheckedChange={(state) =>
                      onChange(toggleListValue(selected, option.value, state === true))
                    }
                  />
                  <Label
                    htmlFor={id}
                    className="flex min-w-0 flex-1 cursor-pointer items-center justify-between gap-2 font-normal"
                  >
                    <span className="truncate text-[13px] text-slate-800">{option.label}</span>
                    {option.count !== null && (
                      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                        {formatNumber(option.count)}
                      </span>
                    )}
                  </Label>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A checkbox that sets a yes/no filter to true, or removes it. */
export function FlagFilter({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2.5 py-1">
      <Checkbox id={id} checked={checked} onCheckedChange={(state) => onChange(state === true)} />
      <Label htmlFor={id} className="cursor-pointer text-[13px] font-normal text-slate-800">
        {label}
      </Label>
    </div>
  );
}

/** A date (YYYY-MM-DD) written to the URL when complete; cleared when emptied. */
export function DateFilter({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit: (value: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-[13px] font-medium text-slate-700">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={value}
        className="h-9"
        onChange={(event) => {
          const next = event.target.value;
          if (next === '' || /^\d{4}-\d{2}-\d{2}$/.test(next)) onCommit(next || null);
        }}
      />
    </div>
  );
}
