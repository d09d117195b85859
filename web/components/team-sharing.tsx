import { useId } from 'react';
import { Users } from 'lucide-react';
import { useMe } from '@web/app/session';
import { Checkbox } from '@web/components/ui/checkbox';

/** 'Shared with team · by Ann' on a list the team sees (docs/decisions/061-teams.md). */
export function SharedBadge({ createdBy }: { createdBy: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1 text-primary">
      <span className="inline-flex items-center gap-1 whitespace-nowrap">
        <Users className="size-3.5" aria-hidden />
        Shared with team
      </span>
      <span className="min-w-0 break-all text-muted-foreground">· by {createdBy}</span>
    </span>
  );
}

/**
 * 'Share with my team' (docs/decisions/061-teams.md): shown to members of a team only; a shared
 * list or saved search is seen by every teammate. Also used by Save Search.
 */
export function ShareWithTeam({ checked, onChange, what }: { checked: boolean; onChange: (shared: boolean) => void; what: 'list' | 'search' }) {
  const id = useId();
  const inTeam = Boolean(useMe().user?.teamId);
  if (!inTeam) return null;
  return (
    <div className="flex items-start gap-2.5">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} className="mt-0.5" />
      <label htmlFor={id} className="text-sm leading-snug">
        <span className="font-medium text-foreground">Share with my team</span>
        <span className="block text-muted-foreground">
          {what === 'list'
            ? 'Every member of your team sees this list and can add physicians to it.'
            : 'Every member of your team sees this search and can follow its alert.'}
        </span>
      </label>
    </div>
  );
}
