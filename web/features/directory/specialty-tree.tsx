import { useId, useState, type KeyboardEvent } from 'react';
import { ChevronRight } from 'lucide-react';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn, formatNumber } from '@web/lib/utils';
import { includesCaseInsensitive, toggleListValue } from '@web/lib/search-params';
import { OptionSearch } from './filter-controls';
import { visibleSpecialtyTree, type FilterOption, type SpecialtyNode } from './filter-options';

/**
 * The specialty filter (docs/rules.md#filters) with each specialty's sub-specialties under it
 * (ADR 052): a specialty ticks `specialty`, a sub-specialty `subSpecialty`, each with its live
 * count. A specialty's sub-specialties open with the button beside it (or the right arrow on its
 * checkbox; the left arrow closes), by themselves when one is ticked or the search finds one.
 * Every control is a checkbox or a button in the tab order, each list a named group: a screen
 * reader hears 'General Surgery, 11,421, checkbox', then 'Sub-specialties of General Surgery,
 * collapsed, button'.
 */
export function SpecialtyTree({
  nodes,
  selected,
  selectedSubs,
  onChange,
  onSubsChange,
  loading = false,
}: {
  nodes: SpecialtyNode[];
  selected: string[];
  selectedSubs: string[];
  onChange: (next: string[]) => void;
  onSubsChange: (next: string[]) => void;
  loading?: boolean;
}) {
  const baseId = useId();
  const [term, setTerm] = useState('');
  // The recruiter's own open / closed choice per specialty; otherwise it opens by itself (above).
  const [choice, setChoice] = useState<Record<string, boolean>>({});
  const shown = visibleSpecialtyTree(nodes, selected, selectedSubs, term);
  const setOpen = (value: string, open: boolean) => setChoice((previous) => ({ ...previous, [value]: open }));

  return (
    <div className="flex flex-col gap-2">
      <OptionSearch
        id={`${baseId}-search`}
        label="Search specialties and sub-specialties"
        placeholder="Search specialties"
        value={term}
        onChange={setTerm}
      />
      {loading ? (
        <div className="flex flex-col gap-2.5 py-1" aria-hidden>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-4" />
          ))}
        </div>
      ) : (
        <div role="group" aria-label="Specialty">
          <ul className="-mx-1 flex max-h-80 flex-col overflow-y-auto overscroll-contain px-1">
            {shown.length === 0 && <li className="py-1.5 text-sm text-muted-foreground">No matches</li>}
            {shown.map((node, index) => {
              const id = `${baseId}-${index}`;
              const listId = `${id}-subs`;
              const open = node.shownChildren.length > 0 && (choice[node.value] ?? node.opensItself);
              // A ticked sub-specialty the tree does not hold is a node of its own: it ticks `subSpecialty`.
              const orphan = node.children.length === 0 && includesCaseInsensitive(selectedSubs, node.value);
              const onKeyDown = (event: KeyboardEvent) => {
                if (node.shownChildren.length === 0) return;
                if (event.key === 'ArrowRight' && !open) setOpen(node.value, true);
                else if (event.key === 'ArrowLeft' && open) setOpen(node.value, false);
                else return;
                event.preventDefault();
              };
              return (
                <li key={`${orphan ? 'sub' : 'specialty'}:${node.value}`} className="flex flex-col">
                  <div className="flex items-center gap-1 rounded-md hover:bg-secondary/70">
                    <Option
                      id={id}
                      option={node}
                      checked={includesCaseInsensitive(orphan ? selectedSubs : selected, node.value)}
                      onCheckedChange={(checked) =>
                        orphan
                          ? onSubsChange(toggleListValue(selectedSubs, node.value, checked))
                          : onChange(toggleListValue(selected, node.value, checked))
                      }
                      onKeyDown={onKeyDown}
                    />
                    {node.shownChildren.length > 0 && (
                      <button
                        type="button"
                        aria-expanded={open}
                        aria-controls={listId}
                        aria-label={`Sub-specialties of ${node.label}`}
                        title={`${open ? 'Hide' : 'Show'} the sub-specialties of ${node.label}`}
                        onClick={() => setOpen(node.value, !open)}
                        className="flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-secondary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <ChevronRight
                          className={cn('size-4 transition-transform duration-150', open && 'rotate-90')}
                          aria-hidden
                        />
                      </button>
                    )}
                  </div>
                  {open && (
                    // A named group holding a list, as the specialties' (a screen reader counts the items).
                    <div id={listId} role="group" aria-label={`Sub-specialties of ${node.label}`}>
                      <ul className="mb-1 ml-3.5 flex flex-col border-l border-border pl-2">
                        {node.shownChildren.map((child, k) => (
                          <li key={child.value} className="rounded-md hover:bg-secondary/70">
                            <Option
                              id={`${id}-${k}`}
                              option={child}
                              checked={includesCaseInsensitive(selectedSubs, child.value)}
                              onCheckedChange={(checked) =>
                                onSubsChange(toggleListValue(selectedSubs, child.value, checked))
                              }
                            />
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

/** One checkbox with its label and count (thousands separators). */
function Option({
  id,
  option,
  checked,
  onCheckedChange,
  onKeyDown,
}: {
  id: string;
  option: FilterOption;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2.5 px-1 py-1.5">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        onKeyDown={onKeyDown}
      />
      <Label
        htmlFor={id}
        className="flex min-w-0 flex-1 cursor-pointer items-center justify-between gap-2 font-normal"
      >
        <span className="truncate text-[13px] text-slate-800" title={option.label}>
          {option.label}
        </span>
        {option.count !== null && (
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
            {formatNumber(option.count)}
          </span>
        )}
      </Label>
    </div>
  );
}
