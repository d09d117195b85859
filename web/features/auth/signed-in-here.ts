/*
 * Whether this browser has signed in before: a visitor who never has is sent to sign-up rather
 * than to 'Log in - Welcome back' when a step needs an account (a plan's 'Get Started'). A
 * marker, not a secret: the session itself is an httpOnly cookie.
 */
const KEY = 'physiciandirect:signed-in-here';

export function markSignedInHere(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Storage off: such a visitor is offered sign-up, with 'Log in' one link away.
  }
}

export function hasSignedInHere(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
