import { useId } from 'react';
import { Link } from 'react-router';
import { Building2, GraduationCap, MapPin } from 'lucide-react';
import type { PhysicianSummary } from '@contract/directory';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';
import { ContactStatus } from '@web/features/contacts/contact-status';
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
};

/** A search result (docs/rules.md#results). The whole card opens the profile. */
export function PhysicianCard({
  physician,
  linkBase = '/physician',
  selected = false,
  onSelectedChange,
}: PhysicianCardProps) {
  const headingId = useId();
  const name = fullName(physician);
  const specialty = displaySpecialty(physician.specialty);
  const location = displayLocation(physician);
  const { shown: skills, more } = visibleItems(parseSkills(physician.skills));
  const education = parseEducation(physician.education);
  const linkedin = safeExternalUrl(physician.linkedinUrl);
  const moved = recentlyMoved(physician.movedOn);

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-[border-color,box-shadow] hover:border-primary/30 hover:shadow-md sm:p-5',
        'has-[a[data-card-link]:focus-visible]:ring-2 has-[a[data-card-link]:focus-visible]:ring-ring',
        selected && 'border-primary/50 bg-primary-soft/30',
      )}
    >
      <div className="flex items-start gap-3 sm:gap-4">
        {onSelectedChange && (
          <div className="relative z-10 flex h-12 items-center sm:h-auto sm:pt-0.5">
            <Checkbox
              checked={selected}
              onCheckedChange={onSelectedChange}
              aria-label={`Select ${name}`}
              className="size-5"
            />
          </div>
        )}
        <PhysicianAvatar id={physician.id} firstName={physician.firstName} lastName={physician.lastName} />
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <h3 id={headingId} className="text-base leading-snug font-semibold text-foreground">
              <Link
                to={`${linkBase}/${physician.id}`}
                data-card-link
                className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-primary"
              >
                <Highlighted text={nameWithCredential(physician)} />
              </Link>
            </h3>
            {physician.title && (
              <p className="mt-0.5 truncate text-sm text-muted-foreground">
                <Highlighted text={physician.title} />
              </p>
            )}
          </div>
          {(specialty || physician.inTraining || moved) && (
            <div className="flex shrink-0 flex-wrap items-center gap-1.5 sm:justify-end">
              {specialty && (
                <Badge variant="soft">
                  <HighlightedSpecialty text={specialty} />
                </Badge>
              )}
              {physician.inTraining && <Badge variant="info">In training</Badge>}
              {moved && (
                <Badge variant="warning" title={`Practice location changed on ${physician.movedOn}`}>
                  Moved
                </Badge>
              )}
            </div>
          )}
        </div>
      </div>

      {/* Indented under the name on wider screens; full width on a phone. */}
      <div className={cn('flex min-w-0 flex-col gap-3', onSelectedChange ? 'sm:pl-25' : 'sm:pl-16')}>
        <ul className="flex flex-col gap-1.5 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-5">
          {physician.organization && (
            <li className="flex min-w-0 items-center gap-1.5">
              <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="sr-only">Organization: </span>
              <span className="truncate">
                <Highlighted text={physician.organization} />
              </span>
            </li>
          )}
          {location && (
            <li className="flex min-w-0 items-center gap-1.5">
              <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="sr-only">Location: </span>
              <span className="truncate">
                <Highlighted text={location} />
              </span>
            </li>
          )}
          {education.length > 0 && (
            <li className="flex min-w-0 items-start gap-1.5 sm:basis-full">
              <GraduationCap className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="sr-only">Education: </span>
              <span className="min-w-0">{education.map(formatSchoolDegree).join('; ')}</span>
            </li>
          )}
        </ul>

        <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between md:gap-4">
          {skills.length > 0 ? (
            <ul aria-label="Skills" className="flex min-w-0 flex-wrap gap-1.5">
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
          ) : (
            <span />
          )}
          {/* Beside the skills from md up, never wider than needed nor pushing out of the card. */}
          <div className="flex min-w-0 flex-wrap items-center gap-2 md:justify-end">
            <ContactButton
              kind="email"
              label="Email"
              physicianId={physician.id}
              available={physician.hasEmail}
              physicianName={name}
            />
            <ContactButton
              kind="phone"
              label="Phone"
              physicianId={physician.id}
              available={physician.hasPhone}
              physicianName={name}
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
        </div>
        <ContactStatus
          physicianId={physician.id}
          verifiedAt={physician.verifiedAt}
          className="md:justify-end"
        />
      </div>
    </article>
  );
}

export function PhysicianCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:p-5" aria-hidden>
      <div className="flex items-start gap-3 sm:gap-4">
        <Skeleton className="mt-3.5 size-5 rounded-[5px] sm:mt-0.5" />
        <Skeleton className="size-12 shrink-0 rounded-full" />
        <div className="flex flex-1 items-start justify-between gap-4">
          <div className="flex flex-col gap-2 pt-1">
            <Skeleton className="h-4 w-44" />
            <Skeleton className="h-3.5 w-32" />
          </div>
          <Skeleton className="hidden h-5 w-24 rounded-full sm:block" />
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:pl-25">
        <Skeleton className="h-3.5 w-3/4" />
        <Skeleton className="h-3.5 w-2/3" />
        <div className="flex flex-col gap-3 md:flex-row md:justify-between">
          <div className="flex gap-1.5">
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-5 w-14 rounded-full" />
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-8 w-20" />
          </div>
        </div>
      </div>
    </div>
  );
}
