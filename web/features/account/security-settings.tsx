import { useState, type FormEvent } from 'react';
import { KeyRound, Loader2, MonitorSmartphone } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { ChangePasswordRequest } from '@contract/auth';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { PasswordField } from '@web/features/auth/auth-fields';
import { errorMessage, serverFieldErrors } from '@web/features/auth/form-errors';
import { useValidatedForm } from '@web/features/auth/use-validated-form';
import { useChangePassword, useSignOutOtherDevices } from './api';
import { SettingsCard } from '@web/components/settings-card';

/**
 * Under the profile (the spec's four tabs stay four): Change Password, and 'Sign out of all other
 * devices'. Both end every other session of the account on the server; this one stays signed in.
 * A password change also revokes every API key; signing out other devices does when asked.
 */
export function SecuritySettings() {
  return (
    <>
      <ChangePasswordCard />
      <OtherDevicesCard />
    </>
  );
}

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordCard() {
  const form = useValidatedForm({
    schema: ChangePasswordRequest,
    initial: EMPTY,
    fields: ['currentPassword', 'newPassword', 'confirmPassword'],
    idPrefix: 'change-password',
  });
  const { values, update, errorFor, fieldId, setServerErrors, readyToSubmit } = form;
  const change = useChangePassword();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readyToSubmit()) return;
    change.mutate(values, {
      onSuccess: ({ endedApiKeys }) => {
        form.reset();
        const keys = endedApiKeys > 0 ? ` and ${keysText(endedApiKeys)} revoked` : '';
        toast.success('Password changed', {
          description: `Every other device has been signed out${keys}. Use your new password next time you log in.`,
        });
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        setServerErrors(fields);
        const first = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find((field) => fields[field]);
        if (first) document.getElementById(fieldId(first))?.focus();
        toast.error('Error', { description: errorMessage(error, 'Could not change your password. Please try again.') });
      },
    });
  }

  return (
    <SettingsCard
      title="Change Password"
      description="Enter your current password and choose a new one. Every other device signed in to your account will be signed out and your API keys revoked; this one stays signed in."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Change Password">
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          id={fieldId('currentPassword')}
          value={values.currentPassword}
          onChange={(value) => update('currentPassword', value)}
          error={errorFor('currentPassword')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            id={fieldId('newPassword')}
            value={values.newPassword}
            onChange={(value) => update('newPassword', value)}
            error={errorFor('newPassword')}
            help="At least 6 characters."
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            id={fieldId('confirmPassword')}
            value={values.confirmPassword}
            onChange={(value) => update('confirmPassword', value)}
            error={errorFor('confirmPassword')}
          />
        </div>
        <div className="flex border-t pt-6 sm:justify-end">
          <Button type="submit" className="w-full sm:w-auto" disabled={change.isPending}>
            {change.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}

function keysText(count: number): string {
  return count === 1 ? '1 API key' : `${count} API keys`;
}

function endedText({ endedSessions, endedApiKeys }: { endedSessions: number; endedApiKeys: number }): string {
  const sessions =
    endedSessions === 0
      ? 'No other device was signed in.'
      : endedSessions === 1
        ? '1 other session was ended.'
        : `${endedSessions} other sessions were ended.`;
  if (endedApiKeys === 0) return sessions;
  return `${sessions} ${keysText(endedApiKeys)} ${endedApiKeys === 1 ? 'was' : 'were'} revoked.`;
}

function OtherDevicesCard() {
  const signOutOthers = useSignOutOtherDevices();
  const [endApiKeys, setEndApiKeys] = useState(false);

  function confirm() {
    signOutOthers.mutate(
      { endApiKeys },
      {
        onSuccess: (ended) => {
          setEndApiKeys(false);
          toast.success('Signed out of other devices', { description: endedText(ended) });
        },
        onError: (error) =>
          toast.error('Error', { description: errorMessage(error, 'Could not sign out other devices. Please try again.') }),
      },
    );
  }

  return (
    <SettingsCard
      title="Signed-in Devices"
      description="Signed in on a computer or phone you no longer use? End those sessions; this device stays signed in."
    >
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" className="w-full sm:w-auto" disabled={signOutOthers.isPending}>
            {signOutOthers.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <MonitorSmartphone aria-hidden />}
            Sign out of all other devices
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Sign out of all other devices?</AlertDialogTitle>
            <AlertDialogDescription>
              Every other browser and device signed in to your account will have to log in again. You stay signed in
              here.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="flex items-start gap-3">
            <Checkbox
              id="sign-out-others-api-keys"
              checked={endApiKeys}
              onCheckedChange={(checked) => setEndApiKeys(checked === true)}
              className="mt-0.5"
            />
            <Label htmlFor="sign-out-others-api-keys" className="leading-snug font-normal">
              Also revoke all my API keys (scripts and tools using them stop working)
            </Label>
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirm}>Sign out other devices</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </SettingsCard>
  );
}
