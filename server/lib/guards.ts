import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requiredTierFor, type Capability } from '../../contract/capabilities';
import type { AppEnv } from './context';
import type { CurrentUser } from './current-user';
import { AppError } from './errors';

/*
 * The one guard of a route that needs a caller: route middleware (`createRoute({ middleware:
 * capabilityGuard('lists:add') })`), so it runs before the request is validated (an anonymous
 * caller gets 401, a caller without the plan 403, whatever the body holds). It sets `c.var.user`,
 * which the handler's type then has as a CurrentUser: handlers read it and check nothing again.
 * app.ts refuses to start when an operation whose OpenAPI security needs a session has no guard.
 */

/** The variables of a guarded route: the caller the guard let through. */
export type GuardedEnv = { Variables: AppEnv['Variables'] & { user: CurrentUser } };
/** The context of a guarded route's handler. */
export type GuardedContext = Context<GuardedEnv>;

const GUARDS = new WeakSet<object>();

/** Whether `handler` is one of the guards below (app.ts checks every signed-in route has one). */
export function isGuard(handler: unknown): boolean {
  return typeof handler === 'function' && GUARDS.has(handler);
}

function guard(check: (user: CurrentUser) => void) {
  const middleware = createMiddleware<GuardedEnv>(async (c, next) => {
    const user = c.var.currentUser;
    if (!user) throw new AppError('unauthenticated', 'User not authenticated.');
    check(user);
    c.set('user', user);
    await next();
  });
  GUARDS.add(middleware);
  return middleware;
}

/** A signed-in caller (a session, or an API key where the operation accepts one), or 401. */
export const signedInGuard = guard(() => undefined);

/** A caller holding `capability`, or 401 / 403 (with the tier that would allow it). */
export function capabilityGuard(capability: Capability) {
  return guard((user) => {
    if (!user.capabilities.includes(capability)) throw missingCapability(capability);
  });
}

function missingCapability(capability: Capability): AppError {
  const tier = requiredTierFor(capability);
  if (tier) {
    // The plan names of the pricing page, not the internal tier names.
    const plan = tier === 'premium' ? 'the Annual Plan' : 'a Monthly or Annual Plan';
    return new AppError('subscription_required', `This feature requires ${plan} subscription.`, {
      requiredTier: tier,
    });
  }
  return new AppError('forbidden', 'You are not authorized to perform this action.');
}
