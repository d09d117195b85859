import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classGroupsConfig } from './class-groups';

// tailwind-merge with the class groups the app's classes use, not its whole default config
// (scripts/tailwind-class-groups.ts: 4 KB less of the first script, and a smaller map to build on
// the first render). Its test merges every two of the app's classes as the whole config does.
const merge = createTailwindMerge(classGroupsConfig);

/** Joins class names; later Tailwind classes win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
const numberFormat = new Intl.NumberFormat('en-US');

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'May 13, 2025'. Returns `fallback` for a missing or invalid value. */
export function formatDate(value: Date | string | number | null | undefined, fallback = ''): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = toDate(value);
  return date ? dateFormat.format(date) : fallback;
}

/** 'May 13, 2025 at 3:07 PM' (the saved-search panel's date and 12-hour time). */
export function formatDateTime(value: Date | string | number | null | undefined, fallback = ''): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = toDate(value);
  return date ? `${dateFormat.format(date)} at ${timeFormat.format(date)}` : fallback;
}

/** 300000 -> '300,000'. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** 'physician' / 'physicians' style plurals: pluralize(2, 'physician') -> '2 physicians'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

