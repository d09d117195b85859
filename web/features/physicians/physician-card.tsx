import { useId } from 'react';
import { Link } from 'react-router';
import { Building2, GraduationCap, Hospital, MapPin } from 'lucide-react';
import type { TeamReveal } from '@contract/contacts';
import type { PhysicianSummary } from '@contract/directory';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';
import { ContactStatus } from '@web/features/contacts/contact-status';
import { InAtsBadge } from '@web/features/integrations/in-ats-badge';
import { TeamRevealBadge } from '@web/features/contacts/team-reveal-badge';
import { ContactButton } from './contact-buttons';
import { Highlighted, HighlightedSpecialty } from './highlight';
import { LinkedinIcon } from './linkedin-icon';
import { PhysicianAvatar } from './physician-avatar';
import {
  displayLocation,
  displaySpecialty,
  formatSchoolDegree,
  fullName,
  nameWithCredential,
  parseEducation,
  parseSkills,
  recentlyMoved,
  safeExternalUrl,
  visibleItems,
} from './physician-format';

type PhysicianCardProps = {
  physician: PhysicianSummary;
  /** Search cards link to /physician/{id}; list cards to /physicians/{id}. */
  linkBase?: '/physician' | '/physicians';
  selected?: boolean;
  onSelectedChange?: () => void;
  /** A teammate revealed this physician in the last 30 days: who and when (revealing again is free). */
  teamReveal?: TeamReveal;
  /** The caller's connected Bullhorn already holds this physician (ADR 064). */
  inAts?: boolean;
  /** What the physician said in their preference centre (ADR 066). */
  lookingStatus?: 'looking' | 'open';
};

/** The id of a card's element: a return_to ('/search?...#physician-12') brings the visitor back to it. */
export const physicianCardAnchor = (id: number) => `physician-${id}`;

/**
 * A search result (docs/rules.md#results). The whole card opens the profile.
 * Compact, so a 1280x800 screen shows four and more: on a card of 32rem and more, the name,
 * specialty and title on one line, organisation, location and education on the next, the contact
 * buttons (and when the contacts were verified) at the right, the skills below. A revealed email
 * too long to share a line takes a line of its own, whole. Narrower, the same parts stack. It
 * sizes itself by its own width (a container), whatever page holds it.
 */
export function PhysicianCard({
  physician,
  linkBase = '/physician',
  selected = false,
  onSelectedChange,
  teamReveal,
  inAts = false,
  lookingStatus,
}: PhysicianCardProps) {
  const headingId = useId();
  const name = fullName(physician);
  const specialty = displaySpecialty(physician.specialty);
  const subSpecialty = displaySpecialty(physician.subSpecialty);
  const location = displayLocation(physician);
  const { shown: skills, more } = visibleItems(parseSkills(physician.skills));
  const education = parseEducation(physician.education).map(formatSchoolDegree).join('; ');
  const hospitals = (physician.hospitals ?? []).length > 0;
  const linkedin = safeExternalUrl(physician.linkedinUrl);
  const moved = recentlyMoved(physician.movedOn);
  const anchor = physicianCardAnchor(physician.id);
  // On a narrow card the buttons and skills reach back under the avatar: the whole width for them.
  const underAvatar = onSelectedChange ? '-ml-21 @lg:ml-0' : '-ml-13 @lg:ml-0';

  return (
    <article
      id={anchor}
      aria-labelledby={headingId}
      className={cn(
        // scroll-mt: a card scrolled to (a return_to) sits clear of the sticky header.
        '@container relative scroll-mt-20 rounded-xl border bg-card px-3 py-1.5 text-card-foreground shadow-xs transition-[border-color,box-shadow] hover:border-primary/30 hover:shadow-md @lg:px-4',
        'has-[a[data-card-link]:focus-visible]:ring-2 has-[a[data-card-link]:focus-visible]:ring-ring',
        selected && 'border-primary/50 bg-primary-soft/30',
      )}
    >
      <div className="flex items-start gap-3">
        {onSelectedChange && (
          <div className="relative z-10 flex h-10 shrink-0 items-center">
            <Checkbox
              checked={selected}
              onCheckedChange={onSelectedChange}
              aria-label={`Select ${name}`}
              className="size-5"
            />
          </div>
        )}
        <PhysicianAvatar
          id={physician.id}
          firstName={physician.firstName}
          lastName={physician.lastName}
          size="sm"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          {/* Wrapping, not squeezing: the buttons share the line while they fit beside the text. */}
          <div className="flex flex-col gap-2 @lg:flex-row @lg:flex-wrap @lg:items-start @lg:gap-x-4">
            <div className="min-w-0 @lg:min-w-64 @lg:flex-1 @lg:basis-0">
              {/* The title takes what is left of the line (cut, whole on hover); a long name wraps. */}
              <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
                <h3 id={headingId} className="min-w-0 text-base leading-snug font-semibold break-words text-foreground">
                  <Link
                    to={`${linkBase}/${physician.id}`}
                    data-card-link
                    className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-primary"
                  >
                    <Highlighted text={nameWithCredential(physician)} />
                  </Link>
                </h3>
                {specialty && (
                  <Badge variant="soft" className="shrink-0">
                    <HighlightedSpecialty text={specialty} />
                  </Badge>
                )}
                {/* The field under the specialty (ADR 052): an otolaryngologist is General Surgery's. */}
                {subSpecialty && (
                  <Badge variant="outline" className="max-w-full min-w-0 shrink" title={subSpecialty}>
                    <span className="sr-only">Sub-specialty: </span>
                    <span className="truncate">
                      <HighlightedSpecialty text={subSpecialty} />
                    </span>
                  </Badge>
                )}
                {physician.inTraining && (
                  <Badge variant="info" className="shrink-0">
                    In training
                  </Badge>
                )}
                {teamReveal && <TeamRevealBadge reveal={teamReveal} />}
                {inAts && <InAtsBadge />}
                {lookingStatus && (
                  <Badge variant="success" className="shrink-0" title="Said by the physician in their recruiter email preferences">
                    {lookingStatus === 'looking' ? 'Looking now' : 'Open to offers'}
                  </Badge>
                )}
                {moved && (
                  <Badge variant="warning" className="shrink-0" title={`Practice location changed on ${physician.movedOn}`}>
                    Moved
                  </Badge>
                )}
                {physician.title && (
                  <p
                    className="min-w-0 basis-full truncate text-sm text-muted-foreground @lg:min-w-24 @lg:flex-1 @lg:basis-0"
                    title={physician.title}
                  >
                    <Highlighted text={physician.title} />
                  </p>
                )}
              </div>
              <ul className="mt-0.5 flex min-w-0 flex-col gap-0.5 text-[13px] text-slate-700 @lg:flex-row @lg:gap-x-4">
                {physician.organization && (
                  <li className="flex min-w-0 items-center gap-1.5" title={physician.organization}>
                    <Building2 className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="sr-only">Organization: </span>
                    <span className="truncate">
                      <Highlighted text={physician.organization} />
                    </span>
                  </li>
                )}
                {location && (
                  <li className="flex min-w-0 items-center gap-1.5 @lg:shrink-0" title={location}>
                    <MapPin className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="sr-only">Location: </span>
                    <span className="truncate">
                      <Highlighted text={location} />
                    </span>
                  </li>
                )}
                {hospitals && (
                  // CMS facility affiliations (ADR 063): the first by name, the others counted.
                  <li className="flex min-w-0 items-center gap-1.5 @lg:min-w-16 @lg:flex-1 @lg:basis-0" title={physician.hospitals.join('; ')}>
                    <Hospital className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="sr-only">Hospital affiliations: </span>
                    <span className="truncate">
                      <Highlighted text={physician.hospitals[0]} />
                    </span>
                    {physician.hospitals.length > 1 && (
                      <span className="shrink-0 text-muted-foreground">
                        +{physician.hospitals.length - 1}
                        <span className="sr-only"> more: {physician.hospitals.slice(1).join('; ')}</span>
                      </span>
                    )}
                  </li>
                )}
                {education && (
                  // The organisation first: education takes what is left of the line.
                  <li className="flex min-w-0 items-center gap-1.5 @lg:min-w-16 @lg:flex-1 @lg:basis-0" title={education}>
                    <GraduationCap className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="sr-only">Education: </span>
                    <span className="truncate">{education}</span>
                  </li>
                )}
              </ul>
            </div>
            <div className={cn('flex min-w-0 flex-col gap-1 @lg:max-w-full @lg:items-end', underAvatar)}>
              <div className="flex min-w-0 flex-wrap items-center gap-2 @lg:justify-end">
                <ContactButton
                  kind="email"
                  label="Email"
                  physicianId={physician.id}
                  available={physician.hasEmail}
                  physicianName={name}
                  returnAnchor={anchor}
                />
                <ContactButton
                  kind="phone"
                  label="Phone"
                  physicianId={physician.id}
                  available={physician.hasPhone}
                  physicianName={name}
                  returnAnchor={anchor}
                />
                {linkedin && (
                  <Button
                    asChild
                    variant="ghost"
                    size="sm"
                    className="relative z-10 text-[#0a66c2] hover:bg-[#0a66c2]/10"
                  >
                    <a href={linkedin} target="_blank" rel="noopener noreferrer">
                      <LinkedinIcon aria-hidden />
                      LinkedIn
                      <span className="sr-only"> profile of {name} (opens in a new tab)</span>
                    </a>
                  </Button>
                )}
              </div>
              <ContactStatus
                physicianId={physician.id}
                verifiedAt={physician.verifiedAt}
                className="@lg:justify-end @lg:text-right"
              />
            </div>
          </div>

          {skills.length > 0 && (
            <ul aria-label="Skills" className={cn('flex min-w-0 flex-wrap gap-1', underAvatar)}>
              {skills.map((skill) => (
                <li key={skill}>
                  <Badge variant="muted" className="font-normal text-slate-700">
                    <Highlighted text={skill} />
                  </Badge>
                </li>
              ))}
              {more > 0 && (
                <li>
                  <Badge variant="outline" className="font-normal text-muted-foreground">
                    +{more} more
                  </Badge>
                </li>
              )}
            </ul>
          )}
        </div>
      </div>
    </article>
  );
}

export function PhysicianCardSkeleton() {
  return (
    <div className="flex items-start gap-3 rounded-xl border bg-card px-3 py-2 sm:px-4" aria-hidden>
      <Skeleton className="mt-2.5 size-5 rounded-[5px]" />
      <Skeleton className="size-10 shrink-0 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-2 pt-1">
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-3.5 w-72" />
          </div>
          <div className="hidden gap-2 sm:flex">
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-8 w-20" />
          </div>
        </div>
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-14 rounded-full" />
        </div>
      </div>
    </div>
  );
}
