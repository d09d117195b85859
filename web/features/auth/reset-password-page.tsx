import { useMutation } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LinkIcon, Loader2 } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { AUTH_MESSAGES, ResetPasswordRequest } from '@contract/auth';
import { useRefreshMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { authApi } from './api';
import { PasswordField } from './auth-fields';
import { AuthShell, StatusIcon, authLinkClassName } from './auth-shell';
import { errorMessage, serverFieldErrors } from './form-errors';
import { useValidatedForm } from './use-validated-form';

function InvalidLink() {
  return (
    <AuthShell
      icon={
        <StatusIcon tone="destructive">
          <LinkIcon />
        </StatusIcon>
      }
      title="Reset link expired"
      description={<p role="alert">{AUTH_MESSAGES.invalidToken}</p>}
      footer={
        <Link to="/login" className={authLinkClassName}>
          Back to log in
        </Link>
      }
    >
      <Button asChild size="lg" className="w-full">
        <Link to="/forgot-password">Request a new link</Link>
      </Button>
    </AuthShell>
  );
}

/**
 * /reset-password?token=...: the link from the reset email. Success ends every old session.
 * `&confirm=1` is the same link mailed to an account not verified yet (someone, often its owner,
 * signed up again): the page then asks to confirm the address with a password, which may be
 * the one just chosen, rather than for a new one.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirming = searchParams.get('confirm') === '1';
  const { values, update, errorFor, fieldId, setServerErrors, readyToSubmit } = useValidatedForm({
    schema: ResetPasswordRequest,
    initial: { password: '', confirmPassword: '' },
    fields: ['password', 'confirmPassword'],
    idPrefix: 'reset',
    toInput: (current) => ({ token, ...current }),
  });
  const refreshMe = useRefreshMe();

  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: () => {
      // The reset ended every session of the account, this browser's included if it had one.
      void refreshMe();
      if (confirming) toast.success('Email confirmed', { description: 'You can now log in with your password.' });
      else toast.success('Password updated', { description: 'You can now log in with your new password.' });
      void navigate('/login', { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'invalid_token') return;
      setServerErrors(serverFieldErrors(error));
      toast.error(errorMessage(error, 'Could not reset your password. Please try again.'));
    },
  });

  if (!token || (isApiError(reset.error) && reset.error.code === 'invalid_token')) return <InvalidLink />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readyToSubmit()) return;
    reset.mutate({ token, ...values });
  }

  const title = confirming ? 'Confirm your email address' : 'Choose a new password';
  return (
    <AuthShell
      title={title}
      description={
        <p>
          {confirming
            ? 'Enter the password for your account (the one you chose when you signed up is fine) to confirm this address. At least 6 characters.'
            : 'Your new password must be at least 6 characters long.'}
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={title}>
        <PasswordField
          label={confirming ? 'Password' : 'New password'}
          name="password"
          autoComplete="new-password"
          id={fieldId('password')}
          value={values.password}
          onChange={(value) => update('password', value)}
          error={errorFor('password')}
        />
        <PasswordField
          label={confirming ? 'Confirm password' : 'Confirm new password'}
          name="confirmPassword"
          autoComplete="new-password"
          id={fieldId('confirmPassword')}
          value={values.confirmPassword}
          onChange={(value) => update('confirmPassword', value)}
          error={errorFor('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {confirming ? 'Confirm email address' : 'Reset password'}
        </Button>
      </form>
    </AuthShell>
  );
}
