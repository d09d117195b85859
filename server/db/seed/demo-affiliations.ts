import type { Random } from './random';

/*
 * The demo directory's hospitals and facility affiliations (ADR 063), drawn like CMS's files: a
 * hospital per named hospital of each demo city (CCN: the state's two CMS digits, then 0001 up,
 * critical access hospitals 1300 up), and per physician 0 to 4 facilities, mostly hospitals of
 * their city or state, the hospital they admit to first; a few units inside a hospital (with its
 * CCN as parent) and a few nursing homes, hospices or dialysis centres the hospitals file does not
 * hold (kept with their number, as the import keeps them).
 */

/** The first two digits of a CCN: the state's code in CMS's certification numbering. */
const CMS_STATE_CODES: Record<string, string> = {
  AL: '01', AK: '02', AZ: '03', AR: '04', CA: '05', CO: '06', CT: '07', DE: '08', DC: '09', FL: '10',
  GA: '11', HI: '12', ID: '13', IL: '14', IN: '15', IA: '16', KS: '17', KY: '18', LA: '19', ME: '20',
  MD: '21', MA: '22', MI: '23', MN: '24', MS: '25', MO: '26', MT: '27', NE: '28', NV: '29', NH: '30',
  NJ: '31', NM: '32', NY: '33', NC: '34', ND: '35', OH: '36', OK: '37', OR: '38', PA: '39', PR: '40',
  RI: '41', SC: '42', SD: '43', TN: '44', TX: '45', UT: '46', VT: '47', VI: '48', VA: '49', WA: '50',
  WV: '51', WI: '52', WY: '53',
};

export type DemoHospital = {
  ccn: string;
  name: string;
  city: string;
  state: string;
  zip: string | null;
  phone: string | null;
  hospitalType: string;
  ownership: string;
  emergencyServices: boolean;
};

export type DemoAffiliation = { ccn: string; type: string; parent: string | null };

/** The demo's facilities: every hospital, and those of each city and each state. */
export type DemoFacilities = {
  hospitals: DemoHospital[];
  byName: Map<string, DemoHospital>;
  byCity: Map<string, DemoHospital[]>;
  byState: Map<string, DemoHospital[]>;
};

type Place = {
  city: { name: string; state: string; population: number; areaCode: string };
  zips: string[];
  hospitals: { name: string }[];
  academic: { name: string } | null;
};

const OWNERSHIP = [
  'Voluntary non-profit - Private',
  'Voluntary non-profit - Church',
  'Proprietary',
  'Government - Hospital District or Authority',
  'Government - Local',
];

const placeKey = (state: string, name: string) => `${state}|${name.toLowerCase()}`;

/** The hospitals of the demo's places, numbered in the places' order (the same every run). */
export function demoFacilities(places: readonly Place[]): DemoFacilities {
  const next = new Map<string, { acute: number; critical: number }>();
  const hospitals: DemoHospital[] = [];
  const byName = new Map<string, DemoHospital>();
  const byCity = new Map<string, DemoHospital[]>();
  const byState = new Map<string, DemoHospital[]>();
  for (const place of places) {
    const { state, name: city, population } = place.city;
    const prefix = CMS_STATE_CODES[state];
    if (!prefix) continue;
    const counters = next.get(state) ?? { acute: 1, critical: 1300 };
    next.set(state, counters);
    const named = [...place.hospitals.map((h) => h.name), ...(place.academic ? [place.academic.name] : [])];
    for (const [k, name] of named.entries()) {
      const key = placeKey(state, name);
      if (byName.has(key)) continue;
      // Small towns' hospitals are critical access hospitals (CMS numbers them 1300-1399).
      const critical = population < 40 && k > 0 && counters.critical < 1400;
      const number = critical ? counters.critical++ : counters.acute++;
      const hospital: DemoHospital = {
        ccn: prefix + String(number).padStart(4, '0'),
        name,
        city,
        state,
        zip: place.zips[k % Math.max(place.zips.length, 1)] ?? null,
        phone: `(${place.city.areaCode}) 555-01${String((hospitals.length % 90) + 10)}`,
        hospitalType: critical ? 'Critical Access Hospitals' : 'Acute Care Hospitals',
        ownership: OWNERSHIP[hospitals.length % OWNERSHIP.length],
        emergencyServices: hospitals.length % 11 !== 0,
      };
      hospitals.push(hospital);
      byName.set(key, hospital);
      const cityKey = placeKey(state, city);
      byCity.set(cityKey, [...(byCity.get(cityKey) ?? []), hospital]);
      byState.set(state, [...(byState.get(state) ?? []), hospital]);
    }
  }
  return { hospitals, byName, byCity, byState };
}

/** Facilities the hospitals file does not hold: their type and the CCN range CMS gives them. */
const OTHER_FACILITIES: { type: string; range: number }[] = [
  { type: 'Nursing home', range: 5000 },
  { type: 'Skilled nursing facility', range: 5500 },
  { type: 'Home health agency', range: 7000 },
  { type: 'Hospice', range: 1500 },
  { type: 'Dialysis facility', range: 2300 },
  { type: 'Long-term care hospital', range: 2000 },
];

/**
 * A physician's facilities: the hospital they admit to first (when it is a demo hospital), then
 * up to three more (0 to 4 in all, most physicians one or two), sorted by CCN as the import keeps
 * them; null when none.
 */
export function demoAffiliations(
  p: { city: string; state: string; hospitalAffiliation: string | null; licenseStates: readonly string[] },
  random: Random,
  f: DemoFacilities,
): DemoAffiliation[] | null {
  const local = f.byCity.get(placeKey(p.state, p.city)) ?? f.byState.get(p.state) ?? [];
  const first = p.hospitalAffiliation ? f.byName.get(placeKey(p.state, p.hospitalAffiliation)) : undefined;
  const out = new Map<string, DemoAffiliation>();
  if (first) out.set(first.ccn, { ccn: first.ccn, type: 'Hospital', parent: null });
  const u = random.next();
  const extra = first ? (u < 0.5 ? 0 : u < 0.78 ? 1 : u < 0.93 ? 2 : 3) : u < 0.4 ? 0 : u < 0.72 ? 1 : u < 0.9 ? 2 : 3;
  for (let k = 0; k < extra; k++) {
    // Mostly the city's own hospitals (a physician's privileges are near their practice); now and
    // then one in another state they are licensed in.
    const away = p.licenseStates.filter((s) => s !== p.state);
    const pool = away.length && random.next() < 0.05 ? (f.byState.get(away[random.below(away.length)]) ?? local) : local;
    if (!pool.length) continue;
    const hospital = pool[random.below(pool.length)];
    const roll = random.next();
    if (roll < 0.06) {
      // A unit inside the hospital (a rehabilitation unit: T; a psychiatric unit: S), its CCN as parent.
      const rehab = random.next() < 0.5;
      const ccn = hospital.ccn.slice(0, 2) + (rehab ? 'T' : 'S') + hospital.ccn.slice(3);
      out.set(ccn, { ccn, type: rehab ? 'Inpatient rehabilitation facility' : 'Hospital', parent: hospital.ccn });
    } else if (roll < 0.14) {
      const other = OTHER_FACILITIES[random.below(OTHER_FACILITIES.length)];
      const ccn = hospital.ccn.slice(0, 2) + String(other.range + random.below(400)).padStart(4, '0');
      out.set(ccn, { ccn, type: other.type, parent: null });
    } else {
      out.set(hospital.ccn, { ccn: hospital.ccn, type: 'Hospital', parent: null });
    }
  }
  if (!out.size) return null;
  return [...out.values()].sort((a, b) => (a.ccn < b.ccn ? -1 : 1));
}
