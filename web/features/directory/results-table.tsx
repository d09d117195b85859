import { InAtsIcon } from '@web/features/integrations/in-ats-badge';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Mail, Phone, UsersRound } from 'lucide-react';
import type { TeamReveal } from '@contract/contacts';
import type { PhysicianSummary } from '@contract/directory';
import { Checkbox } from '@web/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { latestValidCheckWords } from '@contract/verification-words';
import { cn } from '@web/lib/utils';
import { teamRevealText } from '@web/features/contacts/team-reveal-badge';
import { Highlighted, HighlightedSpecialty } from '@web/features/physicians/highlight';
import {
  displayLocation,
  displaySpecialty,
  fullName,
  nameWithCredential,
  recentlyMoved,
} from '@web/features/physicians/physician-format';
import { Badge } from '@web/components/ui/badge';

/**
 * One line with an ellipsis (dense rows), except in the row whose name link has focus: whole,
 * wrapped. Only the link's focus: a ticked box keeping focus must not grow its row, or the next
 * click elsewhere would land on a row that moved.
 */
// Unclamped for keyboard focus only: a mouse press focuses the link too, and a row that grew
// under the pointer between press and release would lose the click.
const CUT_UNLESS_FOCUSED =
  'truncate py-1 group-has-[a:focus-visible]/row:overflow-visible group-has-[a:focus-visible]/row:break-words group-has-[a:focus-visible]/row:whitespace-normal';

type ResultsTableProps = {
  physicians: PhysicianSummary[];
  isSelected: (id: number) => boolean;
  onToggle: (physician: PhysicianSummary) => void;
  /** The header box: every row of this page selected (Select Page), some, or none. */
  pageSelected: boolean | 'indeterminate';
  onTogglePage: () => void;
  /** Search rows link to /physician/{id}, list rows to /physicians/{id}. */
  linkBase?: '/physician' | '/physicians';
  /** Only the first rows are drawn yet (the rest follow in a moment). */
  busy?: boolean;
  /** Physicians a teammate revealed in the last 30 days (ADR 061): marked after the name. */
  teamReveals?: TeamReveal[];
  /** The page's physicians the caller's Bullhorn holds (ADR 064). */
  inAts?: readonly number[];
};

/**
 * The dense view of the results: one 32 px row per physician, so a laptop screen
 * shows a dozen or more. Same selection as the cards: each row's box, Space to tick it; the
 * name opens the profile. A click elsewhere on the row ticks it too (a wide target for a mouse).
 * The columns fit the results column from 720 px (1280 px screens with the filters open):
 * the narrow ones have fixed widths, the text ones share the rest. A value longer than its column
 * shows whole on hover (its title) and on focus: the row whose name link has focus wraps its
 * cells instead of cutting them. Narrower, the table scrolls within its box.
 */
export function ResultsTable({
  physicians,
  isSelected,
  onToggle,
  pageSelected,
  onTogglePage,
  linkBase = '/physician',
  busy = false,
  teamReveals = [],
  inAts = [],
}: ResultsTableProps) {
  const teamReveal = (id: number) => {
    const reveal = teamReveals.find((r) => r.physicianId === id);
    if (!reveal) return null;
    const text = teamRevealText(reveal);
    return (
      <span title={text} className="ml-1.5 inline-flex align-middle text-brand-teal">
        <UsersRound aria-hidden className="size-3.5" />
        <span className="sr-only">{text}</span>
      </span>
    );
  };
  const onRowClick = (event: MouseEvent, physician: PhysicianSummary) => {
    // The box, the link and text being selected keep their own meaning.
    if ((event.target as HTMLElement).closest('a, button, [role=checkbox]')) return;
    if (window.getSelection()?.toString()) return;
    onToggle(physician);
  };
  return (
    <div className="rounded-xl border bg-card shadow-xs">
      <Table aria-label="Physicians" aria-busy={busy || undefined} className="min-w-[720px] table-fixed">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="h-8 w-10 pl-3">
              <Checkbox
                checked={pageSelected}
                onCheckedChange={onTogglePage}
                aria-label="Select all on this page"
                className="align-middle"
              />
            </TableHead>
            {/* Percentages of the table that leave the fixed columns (256 px) their room; Organization takes the rest. */}
            <TableHead className="h-8 w-[22%]">Name</TableHead>
            <TableHead className="h-8 w-[16%]">Specialty</TableHead>
            <TableHead className="h-8">Organization</TableHead>
            <TableHead className="h-8 w-[14%]">Location</TableHead>
            <TableHead className="h-8 w-22">Contact</TableHead>
            {/* The finding heads the column, the day of the latest one fills it (ADR 053). */}
            <TableHead className="h-8 w-32">Verified valid</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {physicians.map((physician) => {
            const selected = isSelected(physician.id);
            const name = fullName(physician);
            return (
              <TableRow
                key={physician.id}
                data-state={selected ? 'selected' : undefined}
                aria-selected={selected}
                onClick={(event) => onRowClick(event, physician)}
                className="group/row h-8 cursor-pointer"
              >
                <TableCell className="py-1 pl-3">
                  <Checkbox
                    checked={selected}
                    onCheckedChange={() => onToggle(physician)}
                    aria-label={`Select ${name}`}
                    className="align-middle"
                  />
                </TableCell>
                <TableCell className={cn(CUT_UNLESS_FOCUSED, 'font-medium')} title={nameWithCredential(physician)}>
                  <Link
                    to={`${linkBase}/${physician.id}`}
                    className="text-foreground hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <Highlighted text={nameWithCredential(physician)} />
                  </Link>
                  {teamReveal(physician.id)}
                  {inAts.includes(physician.id) && <InAtsIcon />}
                </TableCell>
                <TableCell
                  className={cn(CUT_UNLESS_FOCUSED, 'text-slate-700')}
                  title={[physician.specialty, physician.subSpecialty].map(displaySpecialty).filter(Boolean).join(' · ') || undefined}
                >
                  <HighlightedSpecialty text={displaySpecialty(physician.specialty) ?? '—'} />
                  {displaySpecialty(physician.subSpecialty) && (
                    <>
                      {' · '}
                      <HighlightedSpecialty text={displaySpecialty(physician.subSpecialty)!} />
                    </>
                  )}
                </TableCell>
                <TableCell className={cn(CUT_UNLESS_FOCUSED, 'text-slate-700')} title={physician.organization ?? undefined}>
                  <Highlighted text={physician.organization ?? '—'} />
                </TableCell>
                <TableCell className={cn(CUT_UNLESS_FOCUSED, 'text-slate-700')} title={displayLocation(physician) || undefined}>
                  {recentlyMoved(physician.movedOn) && (
                    <Badge
                      variant="warning"
                      className="mr-1.5 px-1.5 py-0 text-[11px]"
                      title={`Practice location changed on ${physician.movedOn}`}
                    >
                      Moved
                    </Badge>
                  )}
                  <Highlighted text={displayLocation(physician) || '—'} />
                </TableCell>
                <TableCell className="py-1">
                  <span className="flex items-center gap-2">
                    <ContactIcon kind="email" available={physician.hasEmail} />
                    <ContactIcon kind="phone" available={physician.hasPhone} />
                  </span>
                </TableCell>
                <TableCell className="py-1 whitespace-nowrap text-slate-700 tabular-nums">
                  <CheckDay verifiedAt={physician.verifiedAt} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

/** '12 Nov 2026', its sentence on hover ('Verified valid, 12 Nov 2026'); '—' without a valid check. */
function CheckDay({ verifiedAt }: { verifiedAt: string | null }) {
  const words = latestValidCheckWords(verifiedAt);
  return words ? <span title={words.sentence}>{words.day}</span> : <>—</>;
}

function ContactIcon({ kind, available }: { kind: 'email' | 'phone'; available: boolean }) {
  const Icon = kind === 'email' ? Mail : Phone;
  const text =
    kind === 'email'
      ? available
        ? 'Email available'
        : 'No email'
      : available
        ? 'Phone available'
        : 'No phone';
  return (
    <span title={text} className="inline-flex">
      <Icon className={cn('size-4', available ? 'text-primary' : 'text-slate-300')} aria-hidden />
      <span className="sr-only">{text}</span>
    </span>
  );
}
