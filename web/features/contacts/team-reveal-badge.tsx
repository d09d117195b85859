import { UsersRound } from 'lucide-react';
import type { TeamReveal } from '@contract/contacts';
import { Badge } from '@web/components/ui/badge';
import { formatDate } from '@web/lib/utils';

/** 'Revealed by <name>, <date>': a teammate paid for this contact in the last 30 days (ADR 061). */
export const teamRevealText = (reveal: TeamReveal) => `Revealed by ${reveal.name}, ${formatDate(reveal.at)}`;

/** The card's badge of teamRevealText. */
export function TeamRevealBadge({ reveal }: { reveal: TeamReveal }) {
  const text = teamRevealText(reveal);
  return (
    <Badge variant="teal" className="max-w-full min-w-0 shrink" title={`${text}: revealing it again costs you nothing`}>
      <UsersRound aria-hidden className="size-3" />
      <span className="truncate">{text}</span>
    </Badge>
  );
}
