/*
 * The search bench's query shapes (bench/search.bench.ts), shared with bench/search-profile.ts.
 */

export type Params = Record<string, string | number | boolean>;
/** `facets`: GET /api/directory/facets with these search params (naive: one GROUP BY per filter). */
/**
 * `afterSearch`: the facets as the search page asks them, right after its search (the search runs
 * first, untimed, with the caches cleared: the clauses it built are warm, as in the page).
 */
/**
 * `naive: false`: no naive SQL (its ten GROUP BYs over the affiliations' JSON take minutes a
 * call; the same filters' search rows check the totals).
 */
export type Shape = { name: string; params?: Params; path?: string; naiveSql?: string; facets?: Params; afterSearch?: boolean; naive?: false };

/** The query shapes of the search rules (docs/rules.md#search), and the other reads the directory serves. */
export const SHAPES: Shape[] = [
  { name: 'no query (page 1)', params: {} },
  { name: "one word, common ('a')", params: { query: 'a' } },
  { name: "one word, name ('smith')", params: { query: 'smith' } },
  { name: "one word, partial ('card')", params: { query: 'card' } },
  { name: "two words ('john smith')", params: { query: 'john smith' } },
  { name: "two words reversed ('smith john')", params: { query: 'smith john' } },
  { name: 'specialty filter (2, partial)', params: { specialty: 'Cardiology,Pediatrics' } },
  { name: "specialty 'physician' (exact)", params: { specialty: 'physician' } },
  { name: "location 'city, state'", params: { location: 'Houston, TX' } },
  { name: 'location state name', params: { location: 'Texas' } },
  { name: 'skills (all of 2)', params: { skills: 'Leadership,Research' } },
  {
    name: 'size + industry + education (any)',
    params: {
      companySize: '5000+,1000 to 4999',
      companyIndustry: 'Hospital & Health Care',
      education: 'MBA,PhD',
    },
  },
  {
    name: 'extra filters (state, language, flags, years)',
    params: {
      state: 'CA,NY',
      language: 'Spanish',
      boardCertified: true,
      acceptingNewPatients: true,
      yearsInPracticeMin: 10,
    },
  },
  {
    name: 'query + specialty + location + skills',
    params: { query: 'a', specialty: 'Internal Medicine', location: 'CA', skills: 'Patient Care' },
  },
  {
    name: "sort specialty desc ('card', page 3)",
    params: { query: 'card', sortKey: 'specialty', sortDirection: 'desc', page: 3 },
  },
  { name: "sort location ('e')", params: { query: 'e', sortKey: 'location' } },
  { name: 'deep page 400 (no query)', params: { page: 400 } },
  {
    name: "deep page 400 ('a', location desc)",
    params: { query: 'a', page: 400, sortKey: 'location', sortDirection: 'desc' },
  },
  { name: 'npi prefix', params: { npi: '1234' } },
  {
    name: 'specialty counts',
    path: '/api/specialties',
    naiveSql:
      "SELECT lower(trim(specialty)) AS specialty, count(*) FROM physicians WHERE coalesce(trim(specialty), '') <> '' GROUP BY 1 ORDER BY 2 DESC",
  },
  { name: 'facets', path: '/api/directory/facets' },
  // ADR 020: relevance, several-word queries, live facets.
  { name: "relevance ('smith', default with a query)", params: { query: 'smith' } },
  { name: "relevance ('a', page 3)", params: { query: 'a', page: 3 } },
  { name: "relevance ('card') + specialty", params: { query: 'card', specialty: 'Internal Medicine,Cardiology' } },
  { name: "multi-word 'medical director'", params: { query: 'medical director' } },
  { name: "multi-word 'interventional cardiology'", params: { query: 'interventional cardiology' } },
  { name: "multi-word 'cardiology boston'", params: { query: 'cardiology boston' } },
  { name: "multi-word 'Boston, MA'", params: { query: 'Boston, MA' } },
  { name: 'live facets: query', facets: { query: 'cardiology' } },
  { name: 'live facets: query + specialty', facets: { query: 'cardiology', specialty: 'Cardiology' } },
  { name: "live facets: 'a' + state + language + flag", facets: { query: 'a', state: 'CA,TX', language: 'Spanish', boardCertified: true } },
  { name: 'live facets: multi-word + skills + size', facets: { query: 'cardiology boston', skills: 'Leadership', companySize: '5000+' } },
  { name: 'live facets: filters only', facets: { specialty: 'Pediatrics,Family Medicine', education: 'MD', gender: 'F', yearsInPracticeMin: 10 } },
  { name: "live facets after the page's search: 'a' + state + language + flag", facets: { query: 'a', state: 'CA,TX', language: 'Spanish', boardCertified: true }, afterSearch: true },
  { name: "live facets after the page's search: query", facets: { query: 'cardiology' }, afterSearch: true },
  { name: "live facets after the page's search: filters only", facets: { specialty: 'Pediatrics,Family Medicine', education: 'MD', gender: 'F', yearsInPracticeMin: 10 }, afterSearch: true },
  // ADR 023: radius search and the new filters.
  { name: 'radius 25 mi of a ZIP (distance order)', params: { near: '77030', radius: 25 } },
  { name: "radius 250 mi of 'City, ST' (distance order)", params: { near: 'New York, NY', radius: 250 } },
  { name: 'radius 100 mi + specialty + flags (distance)', params: { near: 'Chicago, IL', radius: 100, specialty: 'Cardiology,Internal Medicine', boardCertified: true, hasMobile: true } },
  { name: "radius 50 mi + query 'a' (relevance)", params: { near: '60611', radius: 50, query: 'a' } },
  { name: 'radius 250 mi, name order, page 5', params: { near: 'Denver, CO', radius: 250, sortKey: 'name', page: 5 } },
  { name: 'new filters (sub-specialty, Medicaid, verified, source)', params: { subSpecialty: 'Interventional Cardiology,Pain Medicine', acceptingMedicaid: true, verifiedWithinMonths: 12, source: 'demo' } },
  { name: 'live facets: radius + specialty', facets: { near: 'Houston, TX', radius: 100, specialty: 'Pediatrics' } },
  // Recruiters' words (ADR 020): vocabulary, places, NPIs, misspellings, accents.
  { name: "vocabulary 'urologist'", params: { query: 'urologist' } },
  { name: "vocabulary + city 'urology phoenix'", params: { query: 'urology phoenix' } },
  { name: "vocabulary 'ob/gyn' + 'boston ma'", params: { query: 'ob/gyn boston ma' } },
  { name: "vocabulary 'hospitalist' (title words too)", params: { query: 'hospitalist' } },
  { name: "credential + vocabulary 'md cardiology'", params: { query: 'md cardiology' } },
  { name: "state name 'cardiology new york'", params: { query: 'cardiology new york' } },
  { name: 'NPI in the box', params: { query: '1134122153' } },
  { name: "typo 'cardiolgy' (corrected)", params: { query: 'cardiolgy' } },
  { name: "typo 'jonhson' (corrected)", params: { query: 'jonhson' } },
  { name: "typo as typed 'cardiolgy' (spelling=exact)", params: { query: 'cardiolgy', spelling: 'exact' } },
  { name: "accents 'josé' (finds Jose)", params: { query: 'josé' } },
  // ADR 063: hospital affiliations, facility types, licences and the compact.
  { name: 'affiliated with one hospital', params: { affiliatedWith: '450001' } },
  { name: 'affiliated with 3 hospitals + specialty', params: { affiliatedWith: '450001,450002,050001', specialty: 'Cardiology,Internal Medicine' } },
  { name: 'facility type (nursing home, hospice)', params: { facilityType: 'Nursing home,Hospice' } },
  { name: 'licensed in (2 states)', params: { licenseState: 'NY,NJ' } },
  { name: 'likely IMLC-eligible for TX + specialty', params: { imlcEligibleFor: 'TX', specialty: 'Anesthesiology' } },
  { name: "hospital name in the box 'mercy hospital cardiology'", params: { query: 'mercy hospital cardiology' } },
  { name: "hospital name + city 'memorial hospital houston'", params: { query: 'memorial hospital houston' } },
  { name: 'live facets: affiliated with + specialty', facets: { affiliatedWith: '450001,450002', specialty: 'Cardiology' }, naive: false },
  { name: 'live facets: facility type + IMLC + state', facets: { facilityType: 'Hospital', imlcEligibleFor: 'TX', state: 'OK,LA' }, naive: false },
  { name: "live facets: hospital name in the box 'mercy hospital'", facets: { query: 'mercy hospital', specialty: 'Pediatrics' }, naive: false },
  { name: "hospital type-ahead 'mem' (no search)", path: '/api/directory/hospitals?q=mem' },
  { name: "hospital type-ahead 'st' + specialty + state", path: '/api/directory/hospitals?q=st&specialty=Cardiology&state=TX' },
];

export const qs = (params: Params) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
export const pathOf = (shape: Shape) =>
  shape.path ??
  (shape.facets ? `/api/directory/facets?${qs(shape.facets)}` : undefined) ??
  `/api/physicians${shape.params && Object.keys(shape.params).length ? `?${qs(shape.params)}` : ''}`;
