import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  AlertCircle,
  ArrowLeft,
  Award,
  Briefcase,
  Building2,
  FileDown,
  GraduationCap,
  History,
  Hospital,
  MapPin,
  RotateCw,
  Star,
  Stethoscope,
  UserRoundX,
} from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import type { PhysicianProfile } from '@contract/directory';
import { US_STATES } from '@contract/directory-options';
import { latestValidCheckWords } from '@contract/verification-words';
import { useDocumentTitle } from '@web/app/document-title';
import { useCan, useMe } from '@web/app/session';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { usePhysician } from './api';
import { HospitalAffiliationList, ImlcBadge } from '@web/features/affiliations/hospital-affiliations';
import { TeamRevealBadge } from '@web/features/contacts/team-reveal-badge';
import { InAtsBadge } from '@web/features/integrations/in-ats-badge';
import { PushButton } from '@web/features/integrations/push-button';
import { ContactStatus } from '@web/features/contacts/contact-status';
import { useGuaranteeWarning } from '@web/features/billing/guarantee-warning';
import { useExportProfile } from '@web/features/exports/api';
import { ContactButton } from '@web/features/physicians/contact-buttons';
import { LinkedinIcon } from '@web/features/physicians/linkedin-icon';
import { PhysicianAvatar } from '@web/features/physicians/physician-avatar';
import {
  describeChange,
  displayLocation,
  displaySpecialty,
  fieldSourceText,
  formatDegreeInField,
  formatYearRange,
  fullName,
  nameWithCredential,
  NOT_SPECIFIED,
  parseSkills,
  recentlyMoved,
  safeExternalUrl,
  visibleItems,
  yesNo,
} from '@web/features/physicians/physician-format';

const STATE_NAMES: Record<string, string> = Object.fromEntries(US_STATES.map((s) => [s.code, s.name]));

/** /physician/{id} and /physicians/{id}: one physician's profile (docs/rules.md#profile). */
export function PhysicianProfilePage() {
  const { id: rawId } = useParams();
  const id = rawId && /^\d{1,15}$/.test(rawId) ? Number(rawId) : null;
  const me = useMe();
  const viewer = `${me.user?.id ?? 'anonymous'}:${me.subscription.tier}`;
  const physician = usePhysician(id, viewer);
  useDocumentTitle(physician.data ? nameWithCredential(physician.data) : null);

  const notFound =
    id === null || (physician.isError && isApiError(physician.error) && physician.error.status === 404);
  const failed = physician.isError && !notFound;

  useEffect(() => {
    if (failed) toast.error('Error', { description: 'Failed to load physician data' });
  }, [failed, physician.errorUpdatedAt]);

  if (notFound) return <PhysicianNotFound />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <BackButton />
      {failed ? (
        <div
          role="alert"
          className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50/60 px-6 py-12 text-center"
        >
          <AlertCircle className="size-8 text-destructive" aria-hidden />
          <p className="mt-3 text-base font-semibold">Failed to load physician data</p>
          <p className="mt-1 text-sm text-slate-700">
            {(isApiError(physician.error) && physician.error.message) || 'An unexpected error occurred'}
          </p>
          <Button variant="outline" className="mt-5" onClick={() => void physician.refetch()}>
            <RotateCw aria-hidden />
            Retry
          </Button>
        </div>
      ) : physician.data ? (
        <ProfileBody physician={physician.data} />
      ) : (
        <ProfileSkeleton />
      )}
    </div>
  );
}

/** To /search when the path says /physicians/ (list cards), otherwise back in history. */
function BackButton() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const goBack = () => {
    if (pathname.includes('/physicians/')) {
      void navigate('/search');
      return;
    }
    // Landed here directly (a shared link): there is no page of ours to go back to.
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (historyIndex > 0 ? navigate(-1) : navigate('/search'));
  };
  return (
    <div>
      <Button
        variant="ghost"
        size="sm"
        onClick={goBack}
        className="-ml-2 text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden />
        Back
      </Button>
    </div>
  );
}

function ProfileBody({ physician }: { physician: PhysicianProfile }) {
  const canExportProfile = useCan('profile:export');
  const profileExport = useExportProfile();
  // The PDF holds the contact: a download that ends a running money-back guarantee asks first.
  const guarantee = useGuaranteeWarning();
  const [favorite, setFavorite] = useState(false);
  const name = fullName(physician);
  const location = displayLocation(physician);
  const specialty = displaySpecialty(physician.specialty);
  const skills = parseSkills(physician.skills);
  const { shown: headSkills, more } = visibleItems(skills);
  const linkedin = safeExternalUrl(physician.linkedinUrl);

  const toggleFavorite = () => {
    const next = !favorite;
    setFavorite(next);
    toast.success(next ? 'Added to favorites' : 'Removed from favorites');
  };

  return (
    <>
      <Card className="overflow-hidden">
        <div aria-hidden className="h-20 bg-gradient-to-r from-primary via-primary to-brand-teal sm:h-24" />
        <div className="flex flex-col gap-5 px-5 pb-6 sm:px-8">
          <div className="-mt-10 flex items-end justify-between gap-4 sm:-mt-12">
            <PhysicianAvatar
              id={physician.id}
              firstName={physician.firstName}
              lastName={physician.lastName}
              size="lg"
              className="ring-4 ring-white"
            />
            <Button
              variant="outline"
              size="icon"
              aria-pressed={favorite}
              aria-label={favorite ? 'Remove from favorites' : 'Add to favorites'}
              onClick={toggleFavorite}
              className={cn('rounded-full', favorite && 'border-amber-300 bg-amber-50 hover:bg-amber-100')}
            >
              <Star
                className={cn('size-5', favorite ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
                aria-hidden
              />
            </Button>
          </div>

          {/* Wrapping, not squeezing: a long revealed email moves the buttons under the name, whole. */}
          <div className="flex flex-col gap-4 lg:flex-row lg:flex-wrap lg:items-end lg:justify-between">
            <div className="min-w-0 lg:min-w-80 lg:flex-1 lg:basis-0">
              <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
                {nameWithCredential(physician)}
              </h1>
              <p className="mt-1 text-base text-slate-700">{physician.title ?? NOT_SPECIFIED}</p>
              <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <span className="flex items-center gap-1.5">
                  <MapPin className="size-4" aria-hidden />
                  <span className="sr-only">Location: </span>
                  {location ?? NOT_SPECIFIED}
                </span>
                {specialty && (
                  <span className="flex items-center gap-1.5">
                    <Stethoscope className="size-4" aria-hidden />
                    {specialty}
                  </span>
                )}
                {physician.inTraining && <Badge variant="info">In training</Badge>}
                {physician.teamReveal && <TeamRevealBadge reveal={physician.teamReveal} />}
                {physician.inAts && <InAtsBadge />}
                {/* The physician's own word, from the preference centre (ADR 066). */}
                {physician.lookingStatus && (
                  <Badge variant="success" title="Said by the physician in their recruiter email preferences">
                    {physician.lookingStatus === 'looking' ? 'Looking now' : 'Open to offers'}
                  </Badge>
                )}
                {recentlyMoved(physician.movedOn) && (
                  <Badge variant="warning" title={`Practice location changed on ${physician.movedOn}`}>
                    Moved
                  </Badge>
                )}
              </p>
              {headSkills.length > 0 && (
                <ul aria-label="Top skills" className="mt-3 flex flex-wrap gap-1.5">
                  {headSkills.map((skill) => (
                    <li key={skill}>
                      <Badge variant="soft">{skill}</Badge>
                    </li>
                  ))}
                  {more > 0 && (
                    <li>
                      <Badge variant="outline" className="text-muted-foreground">
                        +{more} more
                      </Badge>
                    </li>
                  )}
                </ul>
              )}
            </div>

            <div className="flex min-w-0 flex-col gap-2 lg:ml-auto lg:items-end">
              <div className="flex flex-wrap gap-2 lg:justify-end">
                <ContactButton
                  kind="email"
                  label="View Email"
                  size="default"
                  physicianId={physician.id}
                  available={physician.hasEmail}
                  physicianName={name}
                />
                <ContactButton
                  kind="phone"
                  label="View Phone"
                  size="default"
                  physicianId={physician.id}
                  available={physician.hasPhone}
                  physicianName={name}
                />
                {linkedin ? (
                  <Button asChild variant="outline">
                    <a href={linkedin} target="_blank" rel="noopener noreferrer">
                      <LinkedinIcon className="text-[#0a66c2]" aria-hidden />
                      LinkedIn
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </Button>
                ) : (
                  // Disabled with its reason, for the eye (title) and for a screen reader (its name).
                  <Button variant="outline" disabled title="No LinkedIn profile on file">
                    <LinkedinIcon aria-hidden />
                    LinkedIn
                    <span className="sr-only">: no profile on file</span>
                  </Button>
                )}
                {canExportProfile && (
                  <Button
                    disabled={profileExport.isPending || guarantee.checking}
                    onClick={() =>
                      void guarantee.confirm(() =>
                        profileExport.mutate(physician.id, {
                          onSuccess: () =>
                            toast.success('Export Successful', { description: 'Exported 1 physician record' }),
                          onError: (error) =>
                            toast.error('Export Failed', {
                              description: isApiError(error) ? error.message : 'Failed to generate export data',
                            }),
                        }),
                      )
                    }
                  >
                    <FileDown aria-hidden />
                    {profileExport.isPending ? 'Exporting...' : 'Export Full Profile'}
                  </Button>
                )}
                <PushButton
                  variant="outline"
                  target={{ request: { source: 'profile', physicianIds: [physician.id] }, label: `${physician.firstName} ${physician.lastName}` }}
                />
              </div>
              <ContactStatus physicianId={physician.id} verifiedAt={physician.verifiedAt} always />
            </div>
          </div>
        </div>
      </Card>
      {guarantee.dialog}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <ProfileSection title="Professional Details" icon={<Briefcase className="size-5" aria-hidden />}>
            <DetailList
              items={[
                ['Specialty', specialty],
                ['Organization', physician.organization],
                ['Organization Size', physician.organizationSize],
                ['Industry', physician.organizationIndustry],
                ['Revenue', physician.organizationRevenue],
                ['Hospital Affiliation', physician.hospitalAffiliation],
              ]}
            />
            <div className="mt-6 border-t pt-5">
              <h3 className="flex items-center gap-2 text-sm font-semibold text-foreground">
                <GraduationCap className="size-4 text-muted-foreground" aria-hidden />
                Education
              </h3>
              {physician.education.length === 0 ? (
                <p className="mt-2 text-sm text-muted-foreground">{NOT_SPECIFIED}</p>
              ) : (
                <ol className="mt-3 flex flex-col gap-4 border-l-2 border-primary-soft pl-4">
                  {physician.education.map((entry, index) => (
                    <li key={`${entry.schoolName}-${index}`} className="relative">
                      <span
                        aria-hidden
                        className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-primary ring-2 ring-white"
                      />
                      <p className="text-sm font-medium text-foreground">{entry.schoolName}</p>
                      <p className="text-sm text-slate-700">
                        {formatDegreeInField(entry.degree, entry.field) || NOT_SPECIFIED}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {formatYearRange(entry.startDate, entry.endDate) || NOT_SPECIFIED}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </ProfileSection>

          <ProfileSection title="Hospital affiliations" icon={<Hospital className="size-5" aria-hidden />}>
            <HospitalAffiliationList affiliations={physician.hospitalAffiliations} />
          </ProfileSection>

          <RecentChanges physician={physician} />

          <ProfileSection title="Skills and Expertise" icon={<Award className="size-5" aria-hidden />}>
            {skills.length === 0 ? (
              <p className="text-sm text-muted-foreground">No skills specified</p>
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label="Skills">
                {skills.map((skill) => (
                  <li key={skill}>
                    <Badge variant="muted" className="px-3 py-1 text-[13px] font-normal text-slate-800">
                      {skill}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </ProfileSection>
        </div>

        <ProfileSection title="Credentials and Practice" icon={<Building2 className="size-5" aria-hidden />}>
          <DetailList
            stacked
            items={[
              ['NPI', physician.npi],
              ['Credential', physician.credential],
              ...(physician.inTraining ? [['Status', 'In training (resident or fellow)'] as DetailItem] : []),
              ['Sub-specialty', displaySpecialty(physician.subSpecialty)],
              ['Secondary Specialty', displaySpecialty(physician.secondarySpecialty)],
              ['Medical School', physician.medicalSchool],
              ['Graduation Year', physician.graduationYear?.toString() ?? null],
              ['Years in Practice', physician.yearsInPractice?.toString() ?? null],
              ['Languages', physician.languages.length > 0 ? physician.languages.join(', ') : null],
              ['Board Certified', yesNo(physician.boardCertified)],
              [
                'Licensed In',
                physician.licenseStates.length > 0
                  ? physician.licenseStates.map((code) => STATE_NAMES[code] ?? code).join(', ')
                  : null,
              ],

              ['Accepting New Patients', yesNo(physician.acceptingNewPatients)],
              ['Accepts Medicaid', yesNo(physician.acceptingMedicaid)],
              ['Telehealth', yesNo(physician.telehealth)],
              ['Contact Check', latestValidCheckWords(physician.verifiedAt)?.sentence ?? null],
              // Freshest source wins (ADR 035): where each of these came from, and its date.
              ['Practice Location Source', fieldSourceText(physician.sources.location)],
              ['Office Phone Source', physician.hasPhone ? fieldSourceText(physician.sources.phone) : null],
            ]}
          />
          <div className="mt-4 empty:hidden">
            <ImlcBadge licenseStates={physician.licenseStates} />
          </div>
        </ProfileSection>
      </div>
    </>
  );
}

/**
 * What imports changed (move signals, ADR 035): the practice city, state, ZIP, organisation and
 * licence states, newest first, each with the source and its date.
 */
function RecentChanges({ physician }: { physician: PhysicianProfile }) {
  const changes = physician.recentChanges.map(describeChange);
  return (
    <ProfileSection title="Recent changes" icon={<History className="size-5" aria-hidden />}>
      {changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes recorded.</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {changes.map((c, index) => (
            <li key={index} className="flex flex-col gap-0.5 py-2.5 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="min-w-0 text-sm break-words text-foreground">
                <span className="font-medium">{c.label}:</span> {c.change}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">{c.source}</span>
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}

function ProfileSection({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <section aria-label={title} className="p-5 sm:p-6">
        <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold tracking-tight text-foreground">
          <span className="text-primary">{icon}</span>
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

type DetailItem = [string, string | null | undefined];

function DetailList({
  items,
  stacked = false,
}: {
  items: DetailItem[];
  stacked?: boolean;
}) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-4', !stacked && 'sm:grid-cols-2')}>
      {items.map(([label, value]) => (
        <div key={label} className="flex min-w-0 flex-col gap-0.5">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
          <dd
            className={cn(
              'text-sm break-words',
              value?.trim() ? 'text-foreground' : 'text-muted-foreground italic',
            )}
          >
            {value?.trim() || NOT_SPECIFIED}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy aria-label="Loading profile">
      <div className="overflow-hidden rounded-xl border">
        <Skeleton className="h-24 rounded-none" />
        <div className="flex flex-col gap-3 p-6">
          <Skeleton className="-mt-16 size-24 rounded-full ring-4 ring-white" />
          <Skeleton className="h-7 w-64" />
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-2" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

function PhysicianNotFound() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-muted-foreground">
        <UserRoundX className="size-7" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight">Physician Not Found</h1>
      <p className="mt-3 text-base text-muted-foreground">
        The physician you are looking for does not exist or has been removed.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/directory">Back to Directory</Link>
      </Button>
    </section>
  );
}
