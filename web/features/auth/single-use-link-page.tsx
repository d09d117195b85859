import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { AuthShell, StatusIcon } from './auth-shell';

/**
 * Query options for the call behind an emailed single-use link: run once per link, even when
 * React mounts the page twice, never retried or refetched (a second call would find the link spent).
 */
const SINGLE_USE_LINK_QUERY = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/** What one state of the page shows. */
export type LinkPageState = {
  title: string;
  /** Read out as the state changes: wrapped in role=status (pending, success) or role=alert (failure). */
  message: ReactNode;
  /** More text below the message. */
  details?: ReactNode;
  /** Buttons under the text. */
  actions?: ReactNode;
  /** A line under the card (e.g. 'Back to log in'). */
  footer?: ReactNode;
  /** Replaces the state's usual icon. */
  icon?: ReactNode;
};

/**
 * The page an emailed single-use link opens (verify email, confirm a resume, confirm a removal,
 * unsubscribe from an alert): one call per link, and three states (in progress, done, failed). A
 * link without its secret (`secret` empty) fails at once, with `failure(null)`.
 */
export function SingleUseLinkPage<T>({
  queryKey,
  secret,
  call,
  pending,
  success,
  failure,
}: {
  /** Names the call; the secret is appended, so each link runs once. */
  queryKey: readonly unknown[];
  secret: string;
  call: () => Promise<T>;
  pending: LinkPageState;
  success: (data: T) => LinkPageState;
  /** `error` is null when the link has no secret. */
  failure: (error: Error | null) => LinkPageState;
}) {
  const result = useQuery({
    queryKey: [...queryKey, secret],
    queryFn: call,
    enabled: secret !== '',
    ...SINGLE_USE_LINK_QUERY,
  });

  if (secret && result.isPending) {
    return (
      <StatePage
        state={pending}
        role="status"
        icon={
          <StatusIcon>
            <Loader2 className="animate-spin" />
          </StatusIcon>
        }
      />
    );
  }
  if (secret && result.isSuccess) {
    return (
      <StatePage
        state={success(result.data)}
        role="status"
        icon={
          <StatusIcon tone="success">
            <CircleCheck />
          </StatusIcon>
        }
      />
    );
  }
  return (
    <StatePage
      state={failure(secret ? result.error : null)}
      role="alert"
      icon={
        <StatusIcon tone="destructive">
          <CircleAlert />
        </StatusIcon>
      }
    />
  );
}

function StatePage({ state, role, icon }: { state: LinkPageState; role: 'status' | 'alert'; icon: ReactNode }) {
  return (
    <AuthShell
      icon={state.icon ?? icon}
      title={state.title}
      description={
        <>
          <p role={role}>{state.message}</p>
          {state.details && <div className="mt-3">{state.details}</div>}
        </>
      }
      footer={state.footer}
    >
      {state.actions && <div className="flex flex-col gap-3">{state.actions}</div>}
    </AuthShell>
  );
}
