import { useEffect, useId, useState } from 'react';
import { FACILITY_TYPES, IMLC_CAVEAT, IMLC_ISSUING_STATES, facilityLabel, type HospitalOption } from '@contract/affiliations';
import type { FacetsResponse } from '@contract/directory';
import { US_STATES } from '@contract/directory-options';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { CheckboxList } from '@web/features/directory/filter-controls';
import { optionsFor, type FilterOption } from '@web/features/directory/filter-options';
import { apiSearchString, readList, readText, SEARCH_DEBOUNCE_MS } from '@web/lib/search-params';
import { useHospitalOptions } from './api';

const STATE_NAMES: Record<string, string> = Object.fromEntries(US_STATES.map((s) => [s.code, s.name]));
const ANY = 'any';

/** 'Mayo Clinic Hospital Rochester · Rochester, MN' (a facility the hospitals file does not hold: 'CCN 245123'). */
function optionLabel(h: HospitalOption): string {
  const place = [h.city, h.state].filter(Boolean).join(', ');
  return place ? `${facilityLabel(h)} · ${place}` : facilityLabel(h);
}

type Props = {
  params: URLSearchParams;
  facets: FacetsResponse | undefined;
  onChange: (key: 'affiliatedWith' | 'facilityType' | 'imlcEligibleFor', value: string[] | string | null) => void;
};

/**
 * The filters of ADR 063: 'Affiliated with' (a type-ahead over hospital names with live counts,
 * any of the chosen), 'Facility type' (live counts) and 'Likely IMLC-eligible for' a state, with
 * what that does and does not check.
 */
export function AffiliationFilters({ params, facets, onChange }: Props) {
  const [typed, setTyped] = useState('');
  // The type-ahead asks the server once it is used (typed in) or a hospital is chosen.
  const [used, setUsed] = useState(false);
  const chosen = readList(params, 'affiliatedWith');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const hospitals = useHospitalOptions(apiSearchString(params), q, used || chosen.length > 0);
  const options: FilterOption[] = (hospitals.data?.hospitals ?? []).map((h) => ({ value: h.ccn, label: optionLabel(h), count: h.count }));
  const imlcId = useId();
  const imlc = readText(params, 'imlcEligibleFor');
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <h3 className="text-[13px] font-medium text-slate-700">Affiliated with</h3>
        <CheckboxList
          label="Affiliated with"
          options={options}
          selected={chosen}
          onChange={(next) => onChange('affiliatedWith', next)}
          searchable
          searchLabel="Search hospitals"
          onSearch={(term) => {
            setTyped(term);
            setUsed(true);
          }}
          loading={hospitals.isFetching && !hospitals.data}
          emptyText={used ? 'No matches' : 'Type a hospital’s name'}
          maxHeightClassName="max-h-56"
        />
        <p className="text-xs text-muted-foreground">Hospitals and other facilities from CMS data. Several: any of them.</p>
      </div>
      <div className="flex flex-col gap-1.5">
        <h3 className="text-[13px] font-medium text-slate-700">Facility type</h3>
        <CheckboxList
          label="Facility type"
          options={optionsFor(FACILITY_TYPES, facets?.facilityType)}
          selected={readList(params, 'facilityType')}
          onChange={(next) => onChange('facilityType', next)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={imlcId} className="text-[13px] font-medium text-slate-700">
          Likely IMLC-eligible for
        </Label>
        <Select value={IMLC_ISSUING_STATES.includes(imlc) ? imlc : ANY} onValueChange={(next) => onChange('imlcEligibleFor', next === ANY ? null : next)}>
          <SelectTrigger id={imlcId} className="h-9" aria-describedby={`${imlcId}-caveat`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any state</SelectItem>
            {IMLC_ISSUING_STATES.map((code) => (
              <SelectItem key={code} value={code}>
                {STATE_NAMES[code] ?? code} ({code})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${imlcId}-caveat`} className="text-xs text-muted-foreground">
          Interstate Medical Licensure Compact: {IMLC_CAVEAT}.
        </p>
      </div>
    </div>
  );
}
