import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from '../web/lib/utils';
import { appClassNames, CLASS_GROUPS_FILE, classGroupsSource, usedClassGroups } from './tailwind-class-groups';

/*
 * `cn` merges with the class groups the app uses (web/lib/class-groups.ts), not tailwind-merge's
 * whole default config: for the app's classes it must give what the whole config gives.
 */

const classNames = appClassNames();

/** A class's variants ('hover:', 'sm:', '[&_svg]:', '!'...): only classes with the same ones can conflict. */
function variantsOf(className: string): string {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) end = i + 1;
  }
  return className.slice(0, end) + (className.slice(end).startsWith('!') || className.endsWith('!') ? '!' : '');
}

describe('cn', () => {
  it('holds every class group a class of the app needs (else: npx tsx scripts/tailwind-class-groups.ts)', () => {
    expect(classNames.length).toBeGreaterThan(500);
    expect(readFileSync(CLASS_GROUPS_FILE, 'utf8')).toBe(classGroupsSource(usedClassGroups(classNames)));
  });

  it("merges every two of the app's classes as tailwind-merge's whole default config does", () => {
    const byVariants = new Map<string, string[]>();
    for (const name of classNames) {
      const key = variantsOf(name);
      byVariants.set(key, [...(byVariants.get(key) ?? []), name]);
    }
    let pairs = 0;
    const differ: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          pairs++;
          const expected = twMerge(first, second);
          if (cn(first, second) !== expected) differ.push(`${first} ${second} -> ${cn(first, second)}, not ${expected}`);
        }
      }
    }
    expect(differ).toEqual([]);
    expect(pairs).toBeGreaterThan(100_000);
  });

  it("keeps a component's own classes unless the caller's override them", () => {
    expect(cn('h-9 px-4 py-2 text-sm', 'h-11 px-6 text-base')).toBe('py-2 h-11 px-6 text-base');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('text-sm leading-5', 'text-lg')).toBe('text-lg');
    expect(cn('text-muted-foreground text-sm', 'text-destructive')).toBe('text-sm text-destructive');
    expect(cn('hover:bg-primary/90 bg-primary', 'bg-secondary')).toBe('hover:bg-primary/90 bg-secondary');
    expect(cn('size-4', 'w-6')).toBe('size-4 w-6');
    expect(cn('rounded-md border', false, undefined, 'rounded-full')).toBe('border rounded-full');
  });
});
