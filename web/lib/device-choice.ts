import { useCallback, useSyncExternalStore } from 'react';

/*
 * A choice remembered on this device (localStorage): the results view, the collapsed filter
 * sidebar. Read through useSyncExternalStore so a page the server rendered (ADR 026) hydrates
 * with the default the server drew, then shows the stored choice at once; a change in another
 * tab follows too. Without storage (private mode), a choice lasts for the visit.
 */

const listeners = new Set<() => void>();
const memory = new Map<string, string>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string): void {
  memory.set(key, value);
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // No storage: the in-memory value serves this visit.
  }
  for (const listener of listeners) listener();
}

/** The stored value of `key` as `parse` reads it (`parse(null)` when nothing is stored, and on the server). */
export function useDeviceChoice<T extends string>(
  key: string,
  parse: (stored: string | null) => T,
): [T, (next: T) => void] {
  const stored = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const choose = useCallback((next: T) => write(key, next), [key]);
  return [parse(stored), choose];
}
