import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loader2, MailX } from 'lucide-react';
import { LOOKING_LABELS, LOOKING_STATUSES, type OutreachPreferences, type OutreachPreferencesRequest } from '@contract/outreach';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toast';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';
import { errorMessage } from '@web/features/auth/form-errors';
import { formatDate } from '@web/lib/utils';
import { usePreferences, useSavePreferences } from './api';

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * /my-preferences?m=&s= (ADR 066): the physician's own page, from the link in any recruiter email
 * they received through PhysicianDirect: whether they are looking, how many recruiter emails a month
 * (0-4, from all customers together), what interests them, who wrote to them, and unsubscribe.
 */
export function PreferencesPage() {
  const [params] = useSearchParams();
  const m = params.get('m')?.trim() ?? '';
  const s = params.get('s')?.trim() ?? '';
  const preferences = usePreferences(m, s);
  if (!m || !s || preferences.isError) {
    return (
      <AuthShell
        title="This link does not work"
        description="Open the link from a recruiter's email again."
        icon={
          <StatusIcon tone="destructive">
            <MailX />
          </StatusIcon>
        }
      />
    );
  }
  if (preferences.isPending) {
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
  return <PreferencesForm m={m} s={s} saved={preferences.data} />;
}

function PreferencesForm({ m, s, saved }: { m: string; s: string; saved: OutreachPreferences }) {
  const save = useSavePreferences(m, s);
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
      {!saved.unsubscribed && (
        <p className="mt-6 text-center text-sm">
          <Link to={`/outreach/unsubscribe?${new URLSearchParams({ m, s })}`} className="font-medium text-primary underline-offset-4 hover:underline">
            Unsubscribe from all recruiter emails
          </Link>
        </p>
      )}
    </AuthShell>
  );
}
