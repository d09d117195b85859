import {
  formatSpecialty,
  type FacetValue,
  type SpecialtyCount,
  type SubSpecialtyFacetValue,
} from '../../../contract/directory';
import { SPECIALTIES } from '../../../contract/directory-options';

const SOLD = new Set<string>(SPECIALTIES.map((name) => name.toLowerCase()));

/** One checkbox of a filter list: the value sent in the URL, its label and (when known) a count. */
export type FilterOption = { value: string; label: string; count: number | null };

/**
 * The specialty list (docs/rules.md#filters): merged without regard to case, sorted by count
 * descending (then by name), labelled in title case with 'OBGYN' kept upper-case. Only the 18
 * specialties we sell: other values the data holds ('Other', a resume's own words) are searched
 * as sub-specialties, never listed as a 19th (ADR 035).
 */
export function specialtyOptions(counts: readonly SpecialtyCount[]): FilterOption[] {
  const merged = new Map<string, FilterOption>();
  for (const row of counts) {
    const label = row.specialty?.trim() ? formatSpecialty(row.specialty) : '';
    if (!label || !SOLD.has(label.toLowerCase())) continue;
    const key = label.toLowerCase();
    const existing = merged.get(key);
    if (existing) existing.count = (existing.count ?? 0) + row.count;
    else merged.set(key, { value: label, label, count: row.count });
  }
  return [...merged.values()].sort(
    (a, b) => (b.count ?? 0) - (a.count ?? 0) || a.label.localeCompare(b.label),
  );
}

/**
 * The options of a list filter: from the data's facet when the API gave one, else the spec's
 * constants. `ordered` lists (size and revenue buckets) keep the constants' order with the
 * facet's counts; other lists follow the facet (most common first).
 */
export function optionsFor(
  constants: readonly string[],
  facet: readonly FacetValue[] | undefined,
  {
    ordered = false,
    label = (value: string) => value,
    hideEmpty = false,
    rank,
  }: {
    ordered?: boolean;
    label?: (value: string) => string;
    /** Leave out values no physician of the search has (a long list: skills). */
    hideEmpty?: boolean;
    /** Groups listed in this order before the counts (a degree's kind: degreeRank). */
    rank?: (value: string) => number;
  } = {},
): FilterOption[] {
  const rows = (facet ?? []).filter((row) => row.value.trim() && !(hideEmpty && row.count === 0));
  // No facet yet (or none of its values), the constants; a search whose values all have 0 hides them all.
  if (rows.length === 0 && !(hideEmpty && facet?.length)) return constants.map((value) => ({ value, label: label(value), count: null }));
  if (!ordered) {
    const options = rows.map((row) => ({ value: row.value, label: label(row.value), count: row.count }));
    // A stable sort: within a group the facet's order (most common first) stays.
    return rank ? options.sort((a, b) => rank(a.value) - rank(b.value)) : options;
  }

  const byValue = new Map(rows.map((row) => [row.value.toLowerCase(), row]));
  const known = constants.map((value) => ({
    value,
    label: label(value),
    count: byValue.get(value.toLowerCase())?.count ?? 0,
  }));
  const constantSet = new Set(constants.map((value) => value.toLowerCase()));
  const extra = rows
    .filter((row) => !constantSet.has(row.value.toLowerCase()))
    .map((row) => ({ value: row.value, label: label(row.value), count: row.count }));
  return [...known, ...extra];
}

/**
 * A degree's place in the Education filter: what a recruiter of physicians looks for first.
 * Medical doctorates (MD, DO, MBBS...), then other doctorates (PhD, PharmD...), masters (MS, MBA,
 * MPH...), bachelors (BS, BA) and anything else.
 */
export function degreeRank(value: string): number {
  const code = value.replace(/[^a-z]/gi, '').toUpperCase();
  if (/^(MD|DO|MBBS|MBBCH|MBCHB|MBBCHBAO)$/.test(code)) return 0;
  if (/^(PHD|DPHIL|DRPH|SCD|PHARMD|DDS|DMD|DPM|DVM|DNP|EDD|JD)$/.test(code)) return 1;
  if (/^M[A-Z]*$/.test(code)) return 2;
  if (/^B[A-Z]*$/.test(code)) return 3;
  return 4;
}

/**
 * Options to show for a list, searched by `term`, always keeping the ticked values visible
 * (a ticked value missing from the options, e.g. typed into the URL, is shown too).
 */
export function visibleOptions(
  options: readonly FilterOption[],
  selected: readonly string[],
  term: string,
): FilterOption[] {
  const lowerSelected = new Set(selected.map((value) => value.toLowerCase()));
  const missing = selected
    .filter((value) => !options.some((option) => option.value.toLowerCase() === value.toLowerCase()))
    .map((value) => ({ value, label: value, count: null }));
  const all = [...missing, ...options];
  const needle = term.trim().toLowerCase();
  if (!needle) return all;
  return all.filter(
    (option) => option.label.toLowerCase().includes(needle) || lowerSelected.has(option.value.toLowerCase()),
  );
}

/** A specialty of the filter with the sub-specialties under it (ADR 052). */
export type SpecialtyNode = FilterOption & { children: FilterOption[] };

/**
 * The specialty filter as a tree: the 18 (specialtyOptions: most common first) and under each its
 * sub-specialties, from the facets' counts per specialty (most common first), or before they
 * arrive from `known` (the demo's list, no counts). A child's value is what the sub-specialty
 * filter takes (the value as the data holds it), its label in title case.
 */
export function specialtyTree(
  specialties: readonly FilterOption[],
  pairs: readonly SubSpecialtyFacetValue[] | undefined,
  known: readonly { specialty: string; name: string }[],
): SpecialtyNode[] {
  const rows = pairs ?? known.map((k) => ({ specialty: k.specialty, value: k.name, count: null }));
  const bySpecialty = new Map<string, FilterOption[]>();
  for (const row of rows) {
    const key = formatSpecialty(row.specialty).toLowerCase();
    const list = bySpecialty.get(key) ?? [];
    if (list.some((child) => child.value.toLowerCase() === row.value.trim().toLowerCase())) continue;
    list.push({ value: row.value.trim(), label: formatSpecialty(row.value), count: row.count });
    bySpecialty.set(key, list);
  }
  return specialties.map((node) => ({
    ...node,
    children: (bySpecialty.get(node.value.toLowerCase()) ?? []).sort(
      (a, b) => (b.count ?? 0) - (a.count ?? 0) || a.label.localeCompare(b.label),
    ),
  }));
}

/** A node as shown: its children shown when open, and whether the search or a tick opens it. */
export type VisibleSpecialtyNode = SpecialtyNode & { shownChildren: FilterOption[]; opensItself: boolean };

/**
 * The tree searched by `term` (a specialty's name or a sub-specialty's), ticked values always kept:
 * a node shows when it, one of its children or a ticked child matches; a node holding a ticked
 * child or a child the search found opens by itself. Ticked sub-specialties the tree does not hold
 * (typed into the URL, or under a specialty outside the 18) come first, as nodes of their own.
 */
export function visibleSpecialtyTree(
  nodes: readonly SpecialtyNode[],
  selected: readonly string[],
  selectedSubs: readonly string[],
  term: string,
): VisibleSpecialtyNode[] {
  const needle = term.trim().toLowerCase();
  const ticked = new Set(selected.map((v) => v.toLowerCase()));
  const tickedSubs = new Set(selectedSubs.map((v) => v.toLowerCase()));
  const matches = (option: FilterOption) => !needle || option.label.toLowerCase().includes(needle);
  const held = new Set(nodes.flatMap((node) => node.children.map((child) => child.value.toLowerCase())));
  const orphans: VisibleSpecialtyNode[] = selectedSubs
    .filter((value) => !held.has(value.toLowerCase()))
    .map((value) => ({ value, label: value, count: null, children: [], shownChildren: [], opensItself: false }));
  const out: VisibleSpecialtyNode[] = [];
  for (const node of nodes) {
    const own = matches(node);
    const found = node.children.filter((child) => needle && matches(child));
    const tickedChildren = node.children.filter((child) => tickedSubs.has(child.value.toLowerCase()));
    if (!own && found.length === 0 && tickedChildren.length === 0 && !ticked.has(node.value.toLowerCase())) continue;
    const shownChildren = own
      ? node.children
      : node.children.filter((child) => found.includes(child) || tickedChildren.includes(child));
    out.push({ ...node, shownChildren, opensItself: found.length > 0 || tickedChildren.length > 0 });
  }
  return [...orphans, ...out];
}
