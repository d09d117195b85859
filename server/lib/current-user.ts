import type { Capability, Role, SubscriptionStatus } from '../../contract/account';

// Apart from context.ts (which types the app's services) so that code the services are built from
// can name the signed-in user without a cycle through server/services.ts.

/** The signed-in user as every route sees it: role and tier read from the database. */
export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  /** The session's id; empty for a caller by API key (the session calls refuse keys). */
  sessionId: string;
  /** The API key the caller authenticated with (ADR 022), or null for a session. */
  apiKeyId: string | null;
  /** The team the user is an active member of (docs/decisions/061-teams.md), or null. */
  teamId: string | null;
  subscription: SubscriptionStatus;
  capabilities: Capability[];
};
