import { useState, type FormEvent } from 'react';
import { Loader2, LogOut, RotateCw } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { UpdateProfileRequest, type ProfileResponse } from '@contract/auth';
import { useSignOut } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from '@web/features/auth/form-errors';
import { useProfile, useUpdateProfile } from './api';
import { SettingsCard } from '@web/components/settings-card';

export function ProfileTab() {
  const profile = useProfile();
  return (
    <SettingsCard title="Profile" description="Update your personal information.">
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
          <p>We couldn't load your profile. {profile.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
            <RotateCw aria-hidden />
            Try again
          </Button>
        </div>
      ) : (
        // Keyed so a different account's profile starts a fresh form.
        <ProfileForm key={profile.data.email} profile={profile.data} />
      )}
    </SettingsCard>
  );
}

function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-hidden>
      {[0, 1].map((row) => (
        <div key={row} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <div className="flex flex-col gap-2">
        <Skeleton className="h-4 w-12" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}

type Field = 'name' | 'bio';

function ProfileForm({ profile }: { profile: ProfileResponse }) {
  const [values, setValues] = useState({ name: profile.name, bio: profile.bio });
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();
  const { signOut, isPending: isSigningOut } = useSignOut();

  const clientErrors = validate(UpdateProfileRequest, values);
  const errorFor = (field: Field) => serverErrors[field] ?? clientErrors[field];

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (clientErrors.name || clientErrors.bio) return;
    update.mutate(values, {
      onSuccess: (saved) => {
        setValues({ name: saved.name, bio: saved.bio });
        toast.success('Profile updated', { description: 'Your changes have been saved.' });
      },
      onError: (error) => {
        setServerErrors(serverFieldErrors(error));
        toast.error('Error', {
          description: errorMessage(error, 'Could not save your profile. Please try again.'),
        });
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Profile">
      <FormField
        label="Name"
        id="profile-name"
        help="This is your public display name."
        error={errorFor('name')}
      >
        <Input
          name="name"
          autoComplete="name"
          placeholder="Your name"
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
        />
      </FormField>
      <FormField label="Email" id="profile-email" help="Your email address is used for login.">
        <Input type="email" name="email" value={profile.email} readOnly />
      </FormField>
      <FormField
        label="Bio"
        id="profile-bio"
        help="This will be displayed on your profile."
        error={errorFor('bio')}
      >
        <Textarea
          name="bio"
          rows={4}
          placeholder="Tell us a little about yourself"
          value={values.bio}
          onChange={(event) => change('bio', event.target.value)}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" disabled={isSigningOut} onClick={() => void signOut()}>
          <LogOut aria-hidden />
          Log out
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
