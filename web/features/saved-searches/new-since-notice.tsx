import { BellRing } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * On /search opened from an alert digest (`changedSince` in the URL): says that only the
 * physicians added or changed since then are shown, and offers every match of the search.
 */
export function NewSinceNotice({ since, onShowAll }: { since: string | null; onShowAll: () => void }) {
  const at = since ? new Date(since) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const when = at.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-primary/20 bg-primary-soft px-3 py-2 text-sm text-accent-foreground">
      <BellRing aria-hidden className="size-4 shrink-0" />
      <span>New since {when}: only physicians added or changed since your last alert are shown.</span>
      <Button variant="link" size="sm" onClick={onShowAll} className="h-6 px-0 text-sm">
        Show all matches
      </Button>
    </div>
  );
}
