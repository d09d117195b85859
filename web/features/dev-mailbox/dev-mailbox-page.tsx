import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Inbox, MailX, RotateCw } from 'lucide-react';
import { DevMailboxResponse, type DevMailboxMessage } from '@contract/auth';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { apiFetch, isApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/utils';
import { linkify } from './linkify';

const mailboxQueryKey = ['dev', 'mailbox'] as const;

/**
 * /dev/mailbox (development tool): the mail the server wrote to its outbox when no SMTP server
 * is configured, so sign-up and reset links can be followed without a real inbox.
 */
export function DevMailboxPage() {
  const mailbox = useQuery({
    queryKey: mailboxQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/dev/mailbox', { schema: DevMailboxResponse, signal }),
    staleTime: 0,
    gcTime: 0,
  });
  const unavailable = isApiError(mailbox.error) && mailbox.error.status === 404;
  const messages = [...(mailbox.data?.messages ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <Badge variant="warning" className="mb-2">
            Development tool
          </Badge>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
            Development mailbox
          </h1>
          <p className="mt-2 text-muted-foreground">Email the server would have sent, newest first.</p>
        </div>
        <Button
          variant="outline"
          onClick={() => void mailbox.refetch()}
          disabled={mailbox.isFetching || unavailable}
          className="self-start sm:self-auto"
        >
          <RotateCw className={mailbox.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Refresh
        </Button>
      </header>

      {mailbox.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading messages">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : unavailable ? (
        <EmptyState icon={<MailX />}>
          The development mailbox is only available when email goes to the outbox (no SMTP_URL).
        </EmptyState>
      ) : mailbox.isError ? (
        <EmptyState icon={<MailX />}>{mailbox.error.message}</EmptyState>
      ) : messages.length === 0 ? (
        <EmptyState icon={<Inbox />}>
          No messages yet. Sign up or ask for a password reset to see one here.
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Messages">
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ol>
      )}
    </div>
  );
}

function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-surface px-6 py-12 text-center text-muted-foreground [&_svg]:size-8"
    >
      <span aria-hidden>{icon}</span>
      <p className="max-w-md">{children}</p>
    </div>
  );
}

function MessageCard({ message }: { message: DevMailboxMessage }) {
  const headingId = `message-${message.id}-subject`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border bg-card shadow-xs">
        <header className="flex flex-col gap-1 border-b px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4 sm:px-5">
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold text-foreground">
              {message.subject}
            </h2>
            <p className="text-sm break-all text-muted-foreground">To: {message.to}</p>
          </div>
          <time dateTime={message.createdAt} className="shrink-0 text-sm text-muted-foreground">
            {formatDateTime(message.createdAt)}
          </time>
        </header>
        <p className="px-4 py-4 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap text-foreground sm:px-5">
          <MessageText text={message.text} />
        </p>
      </article>
    </li>
  );
}

const linkClassName = 'break-all text-primary underline underline-offset-2 hover:text-primary-hover';

/** The text body with its addresses as links; this app's own links stay in the app. */
function MessageText({ text }: { text: string }) {
  return linkify(text).map((part, index) => {
    if (part.kind === 'text') return part.text;
    const url = new URL(part.href);
    if (url.origin === window.location.origin) {
      return (
        <Link key={index} to={`${url.pathname}${url.search}${url.hash}`} className={linkClassName}>
          {part.text}
        </Link>
      );
    }
    return (
      <a key={index} href={part.href} target="_blank" rel="noreferrer noopener" className={linkClassName}>
        {part.text}
      </a>
    );
  });
}
