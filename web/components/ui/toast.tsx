import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ExternalToast } from 'sonner';

/*
 * Toasts (sonner), with sonner's code out of the first script: it loads once the page is idle
 * after its first render, or at the first toast if that comes sooner (about 8 KB Brotli, ADR 021).
 * `toast` keeps every call made before then and shows it, in order, once the code is in (sonner's
 * Toaster also shows the toasts made before it mounted), so no toast is lost.
 */

type Sonner = typeof import('sonner');

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

/** Loads sonner (once; after a failed load the next call tries again). */
function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (loaded) => {
      sonner = loaded;
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

type Show = (title: ReactNode, options?: ExternalToast) => void;

function shown(kind: 'message' | 'success' | 'error'): Show {
  return (title, options) => {
    if (sonner) call(sonner, kind, title, options);
    // Promise callbacks run in the order they were added: the toasts keep theirs.
    else loadSonner().then((loaded) => call(loaded, kind, title, options), () => undefined);
  };
}

function call(loaded: Sonner, kind: 'message' | 'success' | 'error', title: ReactNode, options?: ExternalToast) {
  if (kind === 'message') loaded.toast(title, options);
  else loaded.toast[kind](title, options);
}

/** `toast('Title', { description })`, `toast.success(...)`, `toast.error(...)`: sonner's, whenever its code is in. */
export const toast = Object.assign(shown('message'), { success: shown('success'), error: shown('error') });

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Where toasts show. Drawn by the server and in the hydration as nothing (sonner not loaded),
 * then sonner's Toaster once its code is in: asked for when the page is first idle.
 */
export function Toaster() {
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => null,
  );
  useEffect(() => {
    const load = () => void loadSonner().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(load, { timeout: 2_000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(load, 500);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <loaded.Toaster richColors closeButton /> : null;
}
