import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from 'tailwind-merge';

/*
 * The Tailwind class groups `cn` (web/lib/utils.ts) resolves conflicts in: those of
 * tailwind-merge's default config that a class written in web/ can belong to, copied in the
 * default config's order with their conflicts. tailwind-merge with its whole config is 7.4 KB of
 * the landing page's first script (Brotli) and builds a map of every Tailwind utility on the
 * page's first render; these groups are a fraction of it. Writes web/lib/class-groups.ts:
 *
 *   npx tsx scripts/tailwind-class-groups.ts
 *
 * scripts/tailwind-class-groups.test.ts fails when a class written since needs a group not
 * copied (run this again), and checks that `cn` merges every two of the app's classes as
 * tailwind-merge's whole default config does.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
export const CLASS_GROUPS_FILE = join(root, 'web/lib/class-groups.ts');

type Definition = string | ((value: string) => boolean) | { readonly [key: string]: readonly Definition[] };
type ThemeGetter = ((theme: Record<string, unknown>) => unknown) & { isThemeGetter: true; themeKey: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Every word of a string literal in web/ that tailwind-merge's default config reads as a class
 * (`p-2`, `hover:bg-primary/90`, `[&_svg]:size-4`...): the classes `cn` is handed, and more.
 */
export function appClassNames(): string[] {
  const words = new Set<string>();
  // Not the groups' own file: its values are words of the default config, not the app's classes.
  for (const file of sourceFiles(join(root, 'web')).filter((path) => path !== CLASS_GROUPS_FILE)) {
    const code = readFileSync(file, 'utf8');
    for (const literal of code.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of literal[2].split(/\s+/)) if (word) words.add(word);
    }
  }
  // A class the default config knows is merged away when repeated; any other word is kept twice.
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

/** The default config's groups that one of `classNames` can belong to, in the default config's order. */
export function usedClassGroups(classNames: string[]): string[] {
  const config = getDefaultConfig();
  const withGroups = (classGroups: Record<string, unknown>) =>
    createTailwindMerge(() => ({ ...config, classGroups, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} }) as never);
  // Arbitrary properties ('[mask-image:...]') are read without any group.
  const noGroup = withGroups({});
  const grouped = classNames.filter((name) => noGroup(`${name} ${name}`) !== name);
  return Object.keys(config.classGroups).filter((group) => {
    const merge = withGroups({ [group]: config.classGroups[group as keyof typeof config.classGroups] });
    return grouped.some((name) => merge(`${name} ${name}`) === name);
  });
}

/** A string as a single-quoted literal (the repository's style). */
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const quoteAll = (texts: readonly string[]) => `[${texts.map(quote).join(', ')}]`;

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

function emit(definition: Definition, themeKeys: Set<string>): string {
  if (typeof definition === 'string') return quote(definition);
  if (typeof definition === 'function') {
    const getter = definition as unknown as ThemeGetter;
    if (getter.isThemeGetter) {
      themeKeys.add(getter.themeKey);
      return `fromTheme(${quote(getter.themeKey)})`;
    }
    const name = validatorNames.get(definition);
    if (!name) throw new Error(`a validator tailwind-merge does not export: ${definition.toString()}`);
    return `v.${name}`;
  }
  return `{ ${Object.entries(definition)
    .map(([key, values]) => `${quote(key)}: [${values.map((value) => emit(value, themeKeys)).join(', ')}]`)
    .join(', ')} }`;
}

/** The source of web/lib/class-groups.ts for `groups`. */
export function classGroupsSource(groups: string[]): string {
  const config = getDefaultConfig();
  const used = new Set(groups);
  const themeKeys = new Set<string>();
  const classGroups = groups.map(
    (group) =>
      `    ${quote(group)}: [${(config.classGroups[group as keyof typeof config.classGroups] as readonly Definition[])
        .map((definition) => emit(definition, themeKeys))
        .join(', ')}],`,
  );
  const theme = [...themeKeys].sort().map((key) => {
    const values = config.theme[key as keyof typeof config.theme] as readonly Definition[];
    return `    ${quote(key)}: [${values.map((value) => emit(value, new Set())).join(', ')}],`;
  });
  const restricted = (table: Record<string, readonly string[]>) =>
    Object.entries(table)
      .filter(([group]) => used.has(group))
      .map(([group, others]) => [group, others.filter((other) => used.has(other))] as const)
      .filter(([, others]) => others.length > 0)
      .map(([group, others]) => `    ${quote(group)}: ${quoteAll(others)},`);
  return `// Written by scripts/tailwind-class-groups.ts from tailwind-merge's default config: do not edit.
import { fromTheme, validators as v } from 'tailwind-merge';

/** The class groups of tailwind-merge's default config that the app's classes use (scripts/tailwind-class-groups.ts). */
export const classGroupsConfig = () => ({
  cacheSize: ${config.cacheSize},
  theme: {
${theme.join('\n')}
  },
  classGroups: {
${classGroups.join('\n')}
  },
  conflictingClassGroups: {
${restricted(config.conflictingClassGroups).join('\n')}
  },
  conflictingClassGroupModifiers: {
${restricted(config.conflictingClassGroupModifiers).join('\n')}
  },
  postfixLookupClassGroups: ${quoteAll((config.postfixLookupClassGroups ?? []).filter((group) => used.has(group)))},
  orderSensitiveModifiers: ${quoteAll(config.orderSensitiveModifiers)},
});
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const groups = usedClassGroups(appClassNames());
  writeFileSync(CLASS_GROUPS_FILE, classGroupsSource(groups));
  console.log(`${relative(root, CLASS_GROUPS_FILE)}: ${groups.length} class groups`);
}
