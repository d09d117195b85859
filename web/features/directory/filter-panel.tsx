import { useId, type ReactNode } from 'react';
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
import type { FacetsResponse, FilterKey, SpecialtyCount } from '@contract/directory';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';
import { CheckboxList, FlagFilter, TextFilter } from './filter-controls';
import { optionsFor, specialtyOptions, type FilterOption } from './filter-options';
import {
  readFlag,
  readList,
  readText,
  withFilter,
  type FilterValue,
  type FlagFilterKey,
  type ListFilterKey,
} from './search-params';

export type UpdateSearch = (change: (previous: URLSearchParams) => URLSearchParams) => void;

type FilterPanelProps = {
  params: URLSearchParams;
  update: UpdateSearch;
  specialties: SpecialtyCount[] | undefined;
  specialtiesLoading: boolean;
  facets: FacetsResponse | undefined;
};

const MAIN_SECTIONS = [
  'basics',
  'specialty',
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
];

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
] as const satisfies { key: FlagFilterKey; label: string }[];

/**
 * The filter fields (document 2, "Filter sidebar"), each writing its key to the URL, plus the
 * 'More filters' group behind the pricing page's "37 searchable parameters". Sections are
 * collapsible and open by default; 'More filters' opens by itself when one of its filters is set.
 */
export function FilterPanel({ params, update, specialties, specialtiesLoading, facets }: FilterPanelProps) {
  const set = (key: FilterKey) => (value: FilterValue) =>
    update((previous) => withFilter(previous, key, value));
  const list = (key: ListFilterKey) => readList(params, key);
  const moreActive = MORE_KEYS.some((key) => readText(params, key) !== '');

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
        defaultValue={[...MAIN_SECTIONS, ...(moreActive ? ['more'] : [])]}
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

        {/* Live counts (the current search) once the facets arrive; the specialty counts until then. */}
        {listSection('specialty', 'Specialty', specialtyOptions(facets ? facets.specialty.map((f) => ({ specialty: f.value, count: f.count })) : (specialties ?? [])), {
          loading: specialtiesLoading,
          searchable: true,
          searchLabel: 'Search specialties',
          maxHeightClassName: 'max-h-64',
        })}
        {listSection('education', 'Education', optionsFor(EDUCATION_OPTIONS, facets?.education))}
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
        {listSection('skills', 'Skills', optionsFor(SKILL_OPTIONS, facets?.skills), {
          searchable: true,
          searchLabel: 'Search skills',
          allowCustom: true,
          maxHeightClassName: 'max-h-56',
        })}

        <FilterSection
          value="more"
          title="More filters"
          count={MORE_KEYS.filter((key) => readText(params, key) !== '').length}
          className="border-b-0"
        >
          <div className="flex flex-col gap-5">
            {listGroup(
              'state',
              'State',
              optionsFor(STATE_CODES, facets?.state, { label: stateLabel }),
              searchableList('Search states'),
            )}
            {textFilter('city', 'City', 'e.g. Houston')}
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
            <SubGroup title="Practice">
              {PRACTICE_FLAGS.map(({ key, label }) => (
                <FlagFilter
                  key={key}
                  label={label}
                  checked={readFlag(params, key) === true}
                  onChange={(v) => set(key)(v || null)}
                />
              ))}
            </SubGroup>
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
