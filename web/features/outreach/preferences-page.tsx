import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loader2, MailCheck, MailX } from 'lucide-react';
import {
  LOOKING_LABELS,
  LOOKING_STATUSES,
  PREFERENCES_LINK_MESSAGES,
  PREFERENCES_LINK_TTL_HOURS,
  PreferencesLinkRequest,
  type OutreachPreferences,
  type OutreachPreferencesRequest,
} from '@contract/outreach';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toast';
import { EmailField } from '@web/features/auth/auth-fields';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';
import { errorMessage, serverFieldErrors, validate } from '@web/features/auth/form-errors';
import { formatDate } from '@web/lib/utils';
import { useOpenedPreferencesLink, usePreferences, useRequestPreferencesLink, useSavePreferences, type PreferencesCredential } from './api';

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * /my-preferences (ADR 066): the physician's own page: whether they are looking, how many recruiter
 * emails a month (0-4, from all customers together), what interests them, who wrote to them, and
 * unsubscribe. It opens from the link in any recruiter email they received through PhysicianDirect
 * (?m=&s=), or from a single-use link they asked for by email (?token=); without either, or when
 * the link no longer works, it offers to email them a link.
 */
export function PreferencesPage() {
  const [params] = useSearchParams();
  const m = params.get('m')?.trim() ?? '';
  const s = params.get('s')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  if (m && s) return <FromMessageLink m={m} s={s} />;
  if (token) return <FromEmailedLink key={token} token={token} />;
  return (
    <AskForLink
      title="Your recruiter email preferences"
      notice="Choose whether recruiters who use PhysicianDirect may write to you, and how often. Enter the email address they write to: we will email you a link to your preferences."
    />
  );
}

function FromMessageLink({ m, s }: { m: string; s: string }) {
  const preferences = usePreferences({ m, s });
  if (preferences.isError) {
    return <AskForLink failed title="This link does not work" notice="Open the link from a recruiter's email again, or ask for a new link below." />;
  }
  if (preferences.isPending) return <Loading />;
  return <PreferencesForm credential={{ m, s }} saved={preferences.data} />;
}

/** The page an emailed single-use link opens: the token is used once for an hour's credential. */
function FromEmailedLink({ token }: { token: string }) {
  const opened = useOpenedPreferencesLink(token);
  const credential = opened.data ? { access: opened.data.access } : null;
  const preferences = usePreferences(credential);
  if (opened.isError) {
    const message = errorMessage(opened.error, PREFERENCES_LINK_MESSAGES.invalid);
    const title =
      message === PREFERENCES_LINK_MESSAGES.used
        ? 'This link was already used'
        : message === PREFERENCES_LINK_MESSAGES.expired
          ? 'This link has expired'
          : 'This link does not work';
    return <AskForLink failed title={title} notice={message} />;
  }
  if (preferences.isError) return <AskForLink failed title="This page has expired" notice={PREFERENCES_LINK_MESSAGES.accessExpired} />;
  if (!credential || preferences.isPending) return <Loading />;
  return <PreferencesForm credential={credential} saved={preferences.data} />;
}

function Loading() {
  return (
    <AuthShell
      title="Your recruiter email preferences"
      description="Loading..."
      icon={
        <StatusIcon>
          <Loader2 className="animate-spin" />
        </StatusIcon>
      }
    />
  );
}

/**
 * 'Email me a link': the same answer whatever the address (nobody learns who is in the directory);
 * the link goes only to an address the directory holds for a physician.
 */
function AskForLink({ title, notice, failed = false }: { title: string; notice: ReactNode; failed?: boolean }) {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const request = useRequestPreferencesLink();
  const clientError = validate(PreferencesLinkRequest, { email }).email;
  const error = serverFieldErrors(request.error).email ?? (submitted ? clientError : undefined);

  if (request.isSuccess) {
    return (
      <AuthShell
        title="Check your email"
        icon={
          <StatusIcon>
            <MailCheck />
          </StatusIcon>
        }
        description={
          <>
            <p role="status">{request.data.message}</p>
            <p className="mt-3">
              The link works once, within {PREFERENCES_LINK_TTL_HOURS} hours. If you don't see the email in a few minutes, check your spam or junk
              folder.
            </p>
          </>
        }
      >
        <Button variant="outline" size="lg" className="w-full" onClick={() => request.reset()}>
          Use a different email
        </Button>
      </AuthShell>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (clientError) {
      document.getElementById('preferences-email')?.focus();
      return;
    }
    request.mutate({ email: email.trim() });
  }

  return (
    <AuthShell
      title={title}
      description={<p role={failed ? 'alert' : undefined}>{notice}</p>}
      icon={
        failed ? (
          <StatusIcon tone="destructive">
            <MailX />
          </StatusIcon>
        ) : undefined
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Email me a link">
        <EmailField
          id="preferences-email"
          label="Your email address"
          value={email}
          onChange={(value) => {
            setEmail(value);
            request.reset();
          }}
          error={error}
        />
        {request.isError && !serverFieldErrors(request.error).email && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(request.error, 'Could not send the link. Please try again.')}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Email me a link
        </Button>
      </form>
    </AuthShell>
  );
}

function PreferencesForm({ credential, saved }: { credential: PreferencesCredential; saved: OutreachPreferences }) {
  const save = useSavePreferences(credential);
  const [status, setStatus] = useState(saved.status);
  const [monthlyMax, setMonthlyMax] = useState(saved.monthlyMax);
  const [locations, setLocations] = useState(saved.locations.join(', '));
  const [specialties, setSpecialties] = useState(saved.specialties.join(', '));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: OutreachPreferencesRequest = { status, monthlyMax, locations: list(locations), specialties: list(specialties) };
    save.mutate(body, {
      onSuccess: () => toast.success('Preferences saved'),
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not save. Please try again.') }),
    });
  }

  return (
    <AuthShell
      title="Your recruiter email preferences"
      description={`For ${saved.name}. Recruiters who use PhysicianDirect see whether you are looking, and write to you at most as often as you choose here.`}
      className="max-w-xl"
    >
      {saved.unsubscribed && (
        <p role="status" className="mb-5 rounded-md bg-surface p-3 text-sm">
          You unsubscribed: no recruiter emails reach you through PhysicianDirect.
        </p>
      )}
      <form onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Recruiter email preferences">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Are you looking for a new position?</legend>
          {LOOKING_STATUSES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="status" value={value} checked={status === value} onChange={() => setStatus(value)} className="size-4 accent-primary" />
              {LOOKING_LABELS[value]}
            </label>
          ))}
          {status === 'not_looking' && <p className="text-xs text-muted-foreground">Recruiters cannot email you while you are not looking.</p>}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Recruiter emails a month, from all recruiters together</legend>
          <div className="flex flex-wrap gap-2">
            {[0, 1, 2, 3, 4].map((n) => (
              <label key={n} className="flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
                <input type="radio" name="monthlyMax" value={n} checked={monthlyMax === n} onChange={() => setMonthlyMax(n)} className="size-4 accent-primary" />
                {n === 0 ? 'None' : n}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="pref-locations">Locations that interest you</Label>
          <Input id="pref-locations" value={locations} placeholder="e.g. Boston, MA, Denver, CO" onChange={(event) => setLocations(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="pref-specialties">Specialties or roles that interest you</Label>
          <Input id="pref-specialties" value={specialties} placeholder="e.g. Interventional Cardiology" onChange={(event) => setSpecialties(event.target.value)} />
        </div>
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Save preferences
        </Button>
      </form>
      <section className="mt-8" aria-labelledby="contacted-heading">
        <h2 id="contacted-heading" className="text-sm font-medium">
          Who contacted you through PhysicianDirect
        </h2>
        {saved.contactedBy.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Nobody yet.</p>
        ) : (
          <ul className="mt-2 divide-y rounded-md border text-sm">
            {saved.contactedBy.map((contact, i) => (
              <li key={i} className="flex justify-between gap-3 px-3 py-2">
                <span>{contact.sender}</span>
                <span className="text-muted-foreground">{formatDate(contact.at)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {!saved.unsubscribed &&
        ('m' in credential ? (
          <p className="mt-6 text-center text-sm">
            <Link to={`/outreach/unsubscribe?${new URLSearchParams(credential)}`} className="font-medium text-primary underline-offset-4 hover:underline">
              Unsubscribe from all recruiter emails
            </Link>
          </p>
        ) : (
          // Opened by an emailed link, not a recruiter's message: 'None' a month stops every recruiter's email.
          <p className="mt-6 text-center text-sm text-muted-foreground">To stop every recruiter email, choose None above and save.</p>
        ))}
    </AuthShell>
  );
}
