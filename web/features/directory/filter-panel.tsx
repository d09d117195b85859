import { useId, type ReactNode } from 'react';
import { useBullhornConnection } from '@web/features/integrations/connection';
import { useCan, useMe } from '@web/app/session';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import {
  COMPANY_SIZE_BUCKETS,
  EDUCATION_OPTIONS,
  INDUSTRY_OPTIONS,
  LANGUAGES,
  REVENUE_BUCKETS,
  SKILL_OPTIONS,
  US_STATES,
} from '@contract/directory-options';
import {
  LOOKING_OPTIONS,
  MOVED_WITHIN_OPTIONS,
  RADIUS_OPTIONS,
  SOURCE_OPTIONS,
  VERIFIED_WITHIN_OPTIONS,
  type FacetsResponse,
  type FilterKey,
  type SpecialtyCount,
} from '@contract/directory';
import { SUB_SPECIALTIES } from '@contract/nucc-taxonomy';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';
import { CheckboxList, DateFilter, FlagFilter, TextFilter } from './filter-controls';
import { degreeRank, optionsFor, specialtyOptions, specialtyTree, type FilterOption } from './filter-options';
import { SpecialtyTree } from './specialty-tree';
import { AffiliationFilters } from '@web/features/affiliations/affiliation-filters';
import {
  readFlag,
  readList,
  readRadius,
  readText,
  lookingLabel,
  withFilter,
  withNear,
  type FilterValue,
  type PanelFilterKey,
  type FlagFilterKey,
  type ListFilterKey,
} from '@web/lib/search-params';

/**
 * Changes the page's URL. `now`: the page draws the change at once (not as a transition React
 * slices): the search box's text, whose answer is usually already in (ADR 026).
 */
export type UpdateSearch = (change: (previous: URLSearchParams) => URLSearchParams, now?: boolean) => void;

type FilterPanelProps = {
  params: URLSearchParams;
  update: UpdateSearch;
  specialties: SpecialtyCount[] | undefined;
  specialtiesLoading: boolean;
  facets: FacetsResponse | undefined;
};

const MAIN_SECTIONS = [
  'basics',
  'distance',
  'specialty',
  'affiliations',
  'education',
  'companySize',
  'companyRevenue',
  'companyIndustry',
  'skills',
];
const MORE_KEYS: FilterKey[] = [
  'state',
  'city',
  'npi',
  'gender',
  'graduationYearMin',
  'graduationYearMax',
  'medicalSchool',
  'licenseState',
  'yearsInPracticeMin',
  'yearsInPracticeMax',
  'language',
  'credential',
  'hospitalAffiliation',
  'boardCertified',
  'acceptingNewPatients',
  'telehealth',
  'zip',
  'movedWithinDays',
  'secondarySpecialty',
  'acceptingMedicaid',
  'inTraining',
];
/** 'Contact & record': what we hold on a physician and where it came from. */
const RECORD_KEYS: FilterKey[] = [
  'hasMobile',
  'hasPersonalEmail',
  'emailVerified',
  'mobileValid',
  'hasLinkedin',
  'verifiedWithinMonths',
  'source',
  'addedSince',
  'looking',
];
const SOURCE_LABELS: Record<string, string> = {
  demo: 'Demo data',
  nppes: 'NPPES (CMS)',
  dac: 'Doctors and Clinicians (CMS)',
  resume: 'Resume submission',
};
const ANY = 'any';

/** key, title (also the list's label), options, and any other CheckboxList props. */
type ListArgs = [
  key: ListFilterKey,
  title: string,
  options: FilterOption[],
  extra?: Partial<Parameters<typeof CheckboxList>[0]>,
];

const STATE_NAMES: Record<string, string> = Object.fromEntries(US_STATES.map((s) => [s.code, s.name]));
const stateLabel = (code: string) =>
  STATE_NAMES[code.toUpperCase()] ? `${STATE_NAMES[code.toUpperCase()]} (${code.toUpperCase()})` : code;
const STATE_CODES = US_STATES.map((s) => s.code);
const CREDENTIALS = ['MD', 'DO', 'PA-C', 'NP', 'MBBS'];
const GENDER_ANY = 'any';
const DIGITS = /\d/g;

const BASIC_TEXT_FILTERS = [
  { key: 'location', label: 'Location', placeholder: 'City, state or both' },
  { key: 'title', label: 'Job Title', placeholder: 'e.g. Chief of Cardiology' },
  { key: 'organization', label: 'Company', placeholder: 'Hospital, clinic or group' },
] as const satisfies { key: FilterKey; label: string; placeholder: string }[];
const PRACTICE_FLAGS = [
  { key: 'boardCertified', label: 'Board certified' },
  { key: 'acceptingNewPatients', label: 'Accepting new patients' },
  { key: 'telehealth', label: 'Offers telehealth' },
  { key: 'acceptingMedicaid', label: 'Accepts Medicaid' },
] as const satisfies { key: FlagFilterKey; label: string }[];
/** Residents and fellows (ADR 035). */
const STATUS_FLAGS = [{ key: 'inTraining', label: 'In training (residents and fellows)' }] as const satisfies {
  key: FlagFilterKey;
  label: string;
}[];
const RECORD_FLAGS = [
  { key: 'hasMobile', label: 'Has a mobile phone' },
  { key: 'hasPersonalEmail', label: 'Has a personal email' },
  { key: 'emailVerified', label: 'Email verified valid' },
  { key: 'mobileValid', label: 'Mobile verified valid' },
  { key: 'hasLinkedin', label: 'Has a LinkedIn profile' },
] as const satisfies { key: FlagFilterKey; label: string }[];

/**
 * The filter fields (docs/rules.md#filters), each writing its key to the URL, plus the
 * 'More filters' group behind the pricing page's "45 searchable parameters". Sections are
 * collapsible and open by default; 'More filters' opens by itself when one of its filters is set.
 */
export function FilterPanel({ params, update, specialties, specialtiesLoading, facets }: FilterPanelProps) {
  const inTeam = Boolean(useMe().user?.teamId);
  const canUseAts = useCan('integrations:use');
  const atsConnected = useBullhornConnection(canUseAts).data?.status === 'connected';
  // ADR 066: for those who may email physicians (who see the cards' badges), or while the URL holds it.
  const canEmail = useCan('outreach:send');
  const set = (key: PanelFilterKey) => (value: FilterValue) =>
    update((previous) => withFilter(previous, key, value));
  const list = (key: ListFilterKey) => readList(params, key);
  const moreActive = MORE_KEYS.some((key) => readText(params, key) !== '');
  const recordActive = RECORD_KEYS.some((key) => readText(params, key) !== '');
  const flag = ({ key, label }: { key: FlagFilterKey; label: string }) => (
    <FlagFilter
      key={key}
      label={label}
      checked={readFlag(params, key) === true}
      onChange={(v) => set(key)(v || null)}
    />
  );

  const checkboxList = (...[key, title, options, extra]: ListArgs) => (
    <CheckboxList label={title} options={options} selected={list(key)} onChange={set(key)} {...extra} />
  );
  const listSection = (...args: ListArgs) => (
    <FilterSection value={args[0]} title={args[1]} count={list(args[0]).length}>
      {checkboxList(...args)}
    </FilterSection>
  );
  const listGroup = (...args: ListArgs) => <SubGroup title={args[1]}>{checkboxList(...args)}</SubGroup>;
  const searchableList = (searchLabel: string) => ({
    searchable: true,
    searchLabel,
    maxHeightClassName: 'max-h-48',
  });
  const textFilter = (
    key: FilterKey,
    label: string,
    placeholder: string,
    extra?: Partial<Parameters<typeof TextFilter>[0]>,
  ) => (
    <TextFilter
      key={key}
      label={label}
      placeholder={placeholder}
      value={readText(params, key)}
      onCommit={set(key)}
      {...extra}
    />
  );

  return (
    <div className="flex flex-col">
      <AccordionPrimitive.Root
        type="multiple"
        defaultValue={[...MAIN_SECTIONS, ...(moreActive ? ['more'] : []), ...(recordActive ? ['record'] : [])]}
      >
        <FilterSection
          value="basics"
          title="Location & Role"
          count={BASIC_TEXT_FILTERS.filter(({ key }) => readText(params, key)).length}
        >
          <div className="flex flex-col gap-3">
            {BASIC_TEXT_FILTERS.map(({ key, label, placeholder }) => textFilter(key, label, placeholder))}
          </div>
        </FilterSection>

        <FilterSection value="distance" title="Distance" count={readText(params, 'near') ? 1 : 0}>
          <NearFilter
            near={readText(params, 'near')}
            radius={readRadius(params)}
            onChange={(near, radius) => update((previous) => withNear(previous, near, radius))}
          />
        </FilterSection>

        {/* Live counts (the current search) once the facets arrive; the specialty counts until then. The
            sub-specialties under each specialty (ADR 052). */}
        <FilterSection
          value="specialty"
          title="Specialty"
          count={list('specialty').length + list('subSpecialty').length}
        >
          <SpecialtyTree
            nodes={specialtyTree(
              specialtyOptions(
                facets ? facets.specialty.map((f) => ({ specialty: f.value, count: f.count })) : (specialties ?? []),
              ),
              facets?.subSpecialtyBySpecialty,
              SUB_SPECIALTIES,
            )}
            selected={list('specialty')}
            selectedSubs={list('subSpecialty')}
            onChange={set('specialty')}
            onSubsChange={set('subSpecialty')}
            loading={specialtiesLoading}
          />
        </FilterSection>
        {/* Hospitals and licences (ADR 063). */}
        <FilterSection
          value="affiliations"
          title="Hospitals & Licences"
          count={list('affiliatedWith').length + list('facilityType').length + (readText(params, 'imlcEligibleFor') ? 1 : 0)}
        >
          <AffiliationFilters params={params} facets={facets} onChange={(key, value) => set(key)(value)} />
        </FilterSection>
        {listSection('education', 'Education', optionsFor(EDUCATION_OPTIONS, facets?.education, { rank: degreeRank }))}
        {listSection(
          'companySize',
          'Company Size',
          optionsFor(COMPANY_SIZE_BUCKETS, facets?.companySize, { ordered: true }),
        )}
        {listSection(
          'companyRevenue',
          'Company Revenue',
          optionsFor(REVENUE_BUCKETS, facets?.companyRevenue, { ordered: true }),
        )}
        {listSection(
          'companyIndustry',
          'Company Industry',
          optionsFor(INDUSTRY_OPTIONS, facets?.companyIndustry),
        )}
        {listSection('skills', 'Skills', optionsFor(SKILL_OPTIONS, facets?.skills, { hideEmpty: true }), {
          searchable: true,
          searchLabel: 'Search skills',
          allowCustom: true,
          maxHeightClassName: 'max-h-56',
        })}

        <FilterSection
          value="more"
          title="More filters"
          count={MORE_KEYS.filter((key) => readText(params, key) !== '').length}
        >
          <div className="flex flex-col gap-5">
            {listGroup(
              'state',
              'State',
              optionsFor(STATE_CODES, facets?.state, { label: stateLabel }),
              searchableList('Search states'),
            )}
            {textFilter('city', 'City', 'e.g. Houston')}
            {textFilter('zip', 'ZIP code', 'ZIP or its first digits', {
              inputMode: 'numeric',
              accept: DIGITS,
              maxLength: 5,
            })}
            <ChoiceFilter
              label="Moved"
              value={readText(params, 'movedWithinDays')}
              options={MOVED_WITHIN_OPTIONS.map((n) => ({ value: n, label: `In the last ${n} days` }))}
              onChange={set('movedWithinDays')}
            />
            {listGroup(
              'secondarySpecialty',
              'Secondary specialty',
              optionsFor([], facets?.secondarySpecialty),
              searchableList('Search secondary specialties'),
            )}
            {textFilter('npi', 'NPI number', '10-digit NPI', {
              inputMode: 'numeric',
              accept: DIGITS,
              maxLength: 10,
            })}
            <GenderFilter value={readText(params, 'gender')} onChange={set('gender')} />
            <RangeFilter
              title="Graduation year"
              minKey="graduationYearMin"
              maxKey="graduationYearMax"
              params={params}
              set={set}
              placeholders={[
                String(facets?.graduationYear.min ?? 1970),
                String(facets?.graduationYear.max ?? new Date().getFullYear()),
              ]}
            />
            {textFilter('medicalSchool', 'Medical school', 'e.g. Johns Hopkins')}
            {listGroup(
              'licenseState',
              'Licensed in',
              STATE_CODES.map((code) => ({ value: code, label: stateLabel(code), count: null })),
              searchableList('Search licence states'),
            )}
            <RangeFilter
              title="Years in practice"
              minKey="yearsInPracticeMin"
              maxKey="yearsInPracticeMax"
              params={params}
              set={set}
              placeholders={['0', '40']}
            />
            {listGroup(
              'language',
              'Languages',
              optionsFor(LANGUAGES, facets?.language),
              searchableList('Search languages'),
            )}
            {listGroup('credential', 'Credential', optionsFor(CREDENTIALS, facets?.credential))}
            {textFilter('hospitalAffiliation', 'Hospital affiliation', 'e.g. Mayo Clinic')}
            <SubGroup title="Practice">{PRACTICE_FLAGS.map(flag)}</SubGroup>
            <SubGroup title="Status">{STATUS_FLAGS.map(flag)}</SubGroup>
          </div>
        </FilterSection>

        <FilterSection
          value="record"
          title="Contact & record"
          count={
            RECORD_KEYS.filter((key) => readText(params, key) !== '').length +
            (readFlag(params, 'notRevealedByTeam') ? 1 : 0) +
            (readFlag(params, 'notInAts') ? 1 : 0)
          }
          className="border-b-0"
        >
          <div className="flex flex-col gap-5">
            {inTeam && (
              <SubGroup title="My team">
                <FlagFilter
                  label="Not yet revealed by my team"
                  checked={readFlag(params, 'notRevealedByTeam') === true}
                  onChange={(v) => set('notRevealedByTeam')(v || null)}
                />
              </SubGroup>
            )}
            {/* ADR 064: offered once Bullhorn is connected, or while the URL holds it. */}
            {(atsConnected || readFlag(params, 'notInAts') === true) && (
              <SubGroup title="My ATS">
                <FlagFilter
                  label="Not in my ATS"
                  checked={readFlag(params, 'notInAts') === true}
                  onChange={(v) => set('notInAts')(v || null)}
                />
              </SubGroup>
            )}
            {(canEmail || readText(params, 'looking') !== '') && (
              <ChoiceFilter
                label="Looking for a new role"
                anyLabel="Anyone"
                value={readText(params, 'looking')}
                options={LOOKING_OPTIONS.map((value) => ({ value, label: lookingLabel(value)! }))}
                onChange={set('looking')}
              />
            )}
            <SubGroup title="Contact details">{RECORD_FLAGS.map(flag)}</SubGroup>
            <ChoiceFilter
              label="Verified valid"
              value={readText(params, 'verifiedWithinMonths')}
              options={VERIFIED_WITHIN_OPTIONS.map((n) => ({ value: n, label: `In the last ${n} months` }))}
              onChange={set('verifiedWithinMonths')}
            />
            {listGroup(
              'source',
              'Source',
              optionsFor(SOURCE_OPTIONS, facets?.source, { label: (v) => SOURCE_LABELS[v] ?? v }),
            )}
            <DateFilter label="Added since" value={readText(params, 'addedSince')} onCommit={set('addedSince')} />
          </div>
        </FilterSection>
      </AccordionPrimitive.Root>
    </div>
  );
}

function FilterSection({
  value,
  title,
  count,
  children,
  className,
}: {
  value: string;
  title: string;
  count: number;
  children: ReactNode;
  className?: string;
}) {
  return (
    <AccordionPrimitive.Item value={value} className={cn('border-b', className)}>
      <AccordionPrimitive.Header className="flex">
        <AccordionPrimitive.Trigger className="group flex flex-1 cursor-pointer items-center justify-between gap-3 rounded-md px-4 py-3 text-left text-sm font-semibold text-foreground hover:bg-secondary/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring">
          <span className="flex items-center gap-2">
            {title}
            {count > 0 && (
              <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] leading-5 font-semibold text-primary-foreground">
                {count}
                <span className="sr-only"> selected</span>
              </span>
            )}
          </span>
          <ChevronDown
            className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
            aria-hidden
          />
        </AccordionPrimitive.Trigger>
      </AccordionPrimitive.Header>
      <AccordionPrimitive.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
        <div className="px-4 pt-1 pb-4">{children}</div>
      </AccordionPrimitive.Content>
    </AccordionPrimitive.Item>
  );
}

function SubGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-[13px] font-medium text-slate-700">{title}</p>
      {children}
    </div>
  );
}

function RangeFilter({
  title,
  minKey,
  maxKey,
  params,
  set,
  placeholders,
}: {
  title: string;
  minKey: FilterKey;
  maxKey: FilterKey;
  params: URLSearchParams;
  set: (key: FilterKey) => (value: FilterValue) => void;
  placeholders: [string, string];
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-[13px] font-medium text-slate-700">{title}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(
          [
            ['From', minKey, placeholders[0]],
            ['To', maxKey, placeholders[1]],
          ] as const
        ).map(([bound, key, placeholder]) => (
          <TextFilter
            key={key}
            label={
              <>
                {bound}
                <span className="sr-only"> ({title.toLowerCase()})</span>
              </>
            }
            placeholder={placeholder}
            inputMode="numeric"
            accept={DIGITS}
            maxLength={4}
            value={readText(params, key)}
            onCommit={set(key)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function GenderFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-[13px] font-medium text-slate-700">
        Gender
      </Label>
      <Select
        value={value === 'M' || value === 'F' ? value : GENDER_ANY}
        onValueChange={(next) => onChange(next === GENDER_ANY ? null : next)}
      >
        <SelectTrigger id={id} className="h-9">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={GENDER_ANY}>Any</SelectItem>
          <SelectItem value="F">Female</SelectItem>
          <SelectItem value="M">Male</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}

/** 'Within N miles of' a ZIP or 'City, ST': the place commits as a text filter, the radius at once. */
function NearFilter({
  near,
  radius,
  onChange,
}: {
  near: string;
  radius: string;
  onChange: (near: string, radius: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <TextFilter
        label="Near"
        placeholder="ZIP code or City, ST"
        value={near}
        onCommit={(value) => onChange(value, radius)}
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id} className="text-[13px] font-medium text-slate-700">
          Within
        </Label>
        <Select value={radius} onValueChange={(next) => onChange(near, next)}>
          <SelectTrigger id={id} className="h-9">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {RADIUS_OPTIONS.map((miles) => (
              <SelectItem key={miles} value={miles}>
                {miles} miles
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

/** One of a few values, or Any (absent from the URL; `anyLabel` names it, 'Any time' by default). */
function ChoiceFilter({
  label,
  anyLabel = 'Any time',
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel?: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-[13px] font-medium text-slate-700">
        {label}
      </Label>
      <Select
        value={options.some((o) => o.value === value) ? value : ANY}
        onValueChange={(next) => onChange(next === ANY ? null : next)}
      >
        <SelectTrigger id={id} className="h-9">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
