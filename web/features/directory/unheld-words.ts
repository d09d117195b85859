/*
 * Words of the query that name no field the directory holds (ADR 052): the answer says so
 * (SearchPhysiciansResponse.unheldWords) and may offer a phrase the directory does hold instead.
 */

/**
 * The query with the words `text` (as the answer quotes them: the query's own words, joined by one
 * space) replaced by `instead`: 'CRNA boston' with 'anesthesiologist' is 'anesthesiologist boston'.
 */
export function queryInstead(query: string, text: string, instead: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return query;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(^|[\\s,])${escaped.join('\\s+')}(?=$|[\\s,])`, 'i');
  const replaced = query.replace(pattern, (_match, before: string) => `${before}${instead}`);
  return replaced.replace(/\s+/g, ' ').trim();
}
