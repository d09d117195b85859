import { LayoutList, Table2 } from 'lucide-react';
import { DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem } from '@web/components/ui/dropdown-menu';
import { cn } from '@web/lib/utils';
import type { ResultsView } from './results-view';

const VIEWS: { value: ResultsView; label: string; Icon: typeof LayoutList }[] = [
  { value: 'cards', label: 'Cards', Icon: LayoutList },
  { value: 'table', label: 'Table', Icon: Table2 },
];

/**
 * Cards or Table, as two toggle buttons (the pressed one is the view shown). The labels are
 * always the buttons' names; on a narrow toolbar only the icons are drawn.
 */
export function ViewSwitch({
  view,
  onChange,
  className,
}: {
  view: ResultsView;
  onChange: (view: ResultsView) => void;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label="Results view"
      className={cn('inline-flex h-8 shrink-0 items-center rounded-md border bg-background p-0.5 shadow-xs', className)}
    >
      {VIEWS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          title={label}
          className={cn(
            'inline-flex h-full cursor-pointer items-center gap-1.5 rounded-[5px] px-2 text-[13px] font-medium text-muted-foreground transition-colors',
            'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            'aria-pressed:bg-primary-soft aria-pressed:text-accent-foreground',
          )}
        >
          <Icon className="size-4" aria-hidden />
          <span className="sr-only @3xl:not-sr-only">{label}</span>
        </button>
      ))}
    </div>
  );
}

/** The same choice inside a menu (the phone's Actions menu). */
export function ViewMenuItems({ view, onChange }: { view: ResultsView; onChange: (view: ResultsView) => void }) {
  return (
    <>
      <DropdownMenuLabel className="text-xs text-muted-foreground">View</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={view} onValueChange={(next) => onChange(next === 'table' ? 'table' : 'cards')}>
        {VIEWS.map(({ value, label, Icon }) => (
          <DropdownMenuRadioItem key={value} value={value}>
            <Icon aria-hidden />
            {label}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
