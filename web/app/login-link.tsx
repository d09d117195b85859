import type { ComponentProps } from 'react';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginPath, signupPath, startTrialPath } from '@contract/local-path';

/** '/login?return_to=<this page>': signing in comes back here (docs/rules.md#accounts: else the page they came from). */
export function useLoginPath(): string {
  const { pathname, search, hash } = useLocation();
  return loginPath(`${pathname}${search}${hash}`);
}

/**
 * Goes to log in, coming back to the page as it is at the moment of the call (a toast's 'Log in'
 * action): the address is read then, not subscribed to.
 */
export function useGoToLogin(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const { pathname, search, hash } = window.location;
    void navigate(loginPath(`${pathname}${search}${hash}`));
  }, [navigate]);
}

/**
 * The header's 'Log in': its own component so only this link follows the address (the memoised
 * header is not drawn again for every keystroke of a search, which rewrites the query string).
 * Takes a Link's props (a Button asChild hands it its class).
 */
export function LoginLink(props: Omit<ComponentProps<typeof Link>, 'to'>) {
  return <Link {...props} to={useLoginPath()} />;
}

/**
 * 'Start Free Trial' for a visitor: sign up, verify, sign in, then the trial's checkout
 * (/start-trial), whose success page leads back to this page (`then`).
 */
export function useStartTrialSignupPath(): string {
  const { pathname, search, hash } = useLocation();
  return signupPath(startTrialPath(`${pathname}${search}${hash}`));
}

/** The header's 'Start Free Trial' (a Link's props): its own component, as LoginLink, so only it follows the address. */
export function StartTrialSignupLink(props: Omit<ComponentProps<typeof Link>, 'to'>) {
  return <Link {...props} to={useStartTrialSignupPath()} />;
}
