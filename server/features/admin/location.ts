import { US_STATES } from '../../../contract/directory-options';

const BY_CODE = new Map<string, string>(US_STATES.map((s) => [s.code, s.code]));
const BY_NAME = new Map<string, string>(US_STATES.map((s) => [s.name.toLowerCase(), s.code]));

function stateCode(text: string): string | null {
  const trimmed = text.trim().replace(/\.$/, '');
  return BY_CODE.get(trimmed.toUpperCase()) ?? BY_NAME.get(trimmed.toLowerCase()) ?? null;
}

/**
 * The resume form's free-text location as the directory's city and state: 'Boston, MA',
 * 'Boston, Massachusetts', 'Boston MA', 'Boston, MA 02115' and 'Boston, MA, USA' all give
 * Boston / MA. Without a recognisable state the whole text is kept as the city.
 */
export function parseLocation(location: string): { city: string | null; state: string | null } {
  const text = location
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[,\s]+(usa|us|united states( of america)?)$/i, '')
    .replace(/\s+\d{5}(-\d{4})?$/, '');
  if (!text) return { city: null, state: null };

  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length >= 2) {
    const state = stateCode(parts[parts.length - 1]);
    if (state) return { city: parts.slice(0, -1).join(', ') || null, state };
  }
  // No comma: try the last one or two words as the state ('Boston MA', 'Albany New York').
  const words = text.split(' ');
  for (const take of [2, 1]) {
    if (words.length <= take) continue;
    const state = stateCode(words.slice(-take).join(' '));
    if (state) return { city: words.slice(0, -take).join(' ').replace(/,$/, '') || null, state };
  }
  const only = stateCode(text);
  if (only) return { city: null, state: only };
  return { city: text, state: null };
}
