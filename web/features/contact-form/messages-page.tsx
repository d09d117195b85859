import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Inbox, Mail } from 'lucide-react';
import { CONTACT_MESSAGES_PAGE_SIZE, type ContactMessage } from '@contract/contact-form';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { contactApi } from './api';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/messages: the contact-form inbox for admins, newest first (the same messages are mailed to CONTACT_INBOX). */
export function ContactMessagesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const messages = useQuery({
    queryKey: ['admin', 'contact-messages', page],
    queryFn: ({ signal }) => contactApi.list(page, signal),
    placeholderData: keepPreviousData,
  });
  const total = messages.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CONTACT_MESSAGES_PAGE_SIZE));
  const goTo = (next: number) => setSearchParams(next === 1 ? {} : { page: String(next) });

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">Contact Messages</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Messages sent through the contact form, newest first. Reply from your own mail client.
          </p>
        </div>
        {messages.data && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total.toLocaleString('en-US')} {total === 1 ? 'message' : 'messages'}
          </p>
        )}
      </div>

      {messages.isPending ? (
        <Spinner label="Loading messages" />
      ) : messages.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/30 bg-red-50 p-6 text-sm text-destructive">
          Failed to load messages. {messages.error.message}
          <Button variant="outline" size="sm" className="ml-3" onClick={() => void messages.refetch()}>
            Try again
          </Button>
        </div>
      ) : messages.data.messages.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-12 text-center text-muted-foreground">
          <Inbox className="size-8" aria-hidden />
          <p>No messages yet.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Contact messages">
          {messages.data.messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
      )}

      {pageCount > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            Previous
          </Button>
          <span className="text-muted-foreground">
            Page {page} of {pageCount}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => goTo(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  return (
    <li className="rounded-xl border bg-card p-5 shadow-xs">
      <article aria-label={message.subject}>
        <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="min-w-0 font-semibold break-words text-foreground">{message.subject}</h2>
          <time dateTime={message.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {dateFormat.format(new Date(message.createdAt))}
          </time>
        </header>
        <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{message.name}</span>
          <a
            href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
            className="inline-flex min-w-0 items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
          >
            <Mail className="size-3.5 shrink-0" aria-hidden />
            {message.email}
          </a>
        </p>
        <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground">{message.message}</p>
      </article>
    </li>
  );
}
