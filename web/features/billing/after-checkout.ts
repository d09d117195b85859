import { isAuthPage, safeLocalPath } from '@contract/local-path';

/*
 * Where the checkout's success page leads back to (ADR 036): the page the visitor started the
 * trial or chose the plan from. Kept in this tab's sessionStorage while the tab is at the hosted
 * checkout (Stripe's page, or the demo's), since both come back to /checkout/success in the same
 * tab; the success page reads it, then forgets it.
 */
const KEY = 'physiciandirect:after-checkout';

export function rememberAfterCheckout(path: string | null | undefined): void {
  const safe = safeLocalPath(path);
  try {
    if (safe && safe !== '/' && !isAuthPage(safe)) sessionStorage.setItem(KEY, safe);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage off (a private window's quota): the success page offers its usual ways on.
  }
}

/** The remembered page (safe, local), or null when there is none. */
export function afterCheckoutPath(): string | null {
  try {
    return safeLocalPath(sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Forgets the remembered page (the success page, once it has shown it). */
export function forgetAfterCheckout(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
