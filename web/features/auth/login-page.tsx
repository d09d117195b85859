import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Loader2, MailWarning } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { LoginRequest } from '@contract/auth';
import { signupPath, isStartTrialPath } from '@contract/local-path';
import { meQueryKey } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { authApi, useResendVerification } from './api';
import { EmailField, PasswordField } from './auth-fields';
import { markSignedInHere } from './signed-in-here';
import { AuthShell, authLinkClassName } from './auth-shell';
import { errorMessage, serverFieldErrors } from './form-errors';
import { useValidatedForm } from './use-validated-form';
import { afterLoginPath, returnToParam } from './return-to';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { values, update, errorFor, fieldId, setServerErrors, readyToSubmit } = useValidatedForm({
    schema: LoginRequest,
    initial: { email: '', password: '' },
    fields: ['email', 'password'],
    idPrefix: 'login',
  });
  // Set when the server answers 403 email_not_verified: the address to offer a new link for.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const resend = useResendVerification();
  // Kept through 'Sign up' and a resent verification link too: the visitor ends up where they meant to go.
  const returnTo = returnToParam(searchParams.get('return_to'));

  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: async (me) => {
      if (!me.user) {
        toast.error('Login failed - no user data returned');
        return;
      }
      // Seed the session before navigating so a guarded destination sees the user at once,
      // then forget whatever was cached for the anonymous visitor (capped results and the like).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, me);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      markSignedInHere();
      toast.success('Success!', { description: "You've been logged in successfully." });
      await navigate(
        afterLoginPath({
          returnTo: searchParams.get('return_to'),
          state: location.state,
          origin: window.location.origin,
        }),
        { replace: true },
      );
    },
    onError: (error, request) => {
      setServerErrors(serverFieldErrors(error));
      setUnverifiedEmail(isApiError(error) && error.code === 'email_not_verified' ? request.email : null);
      toast.error(errorMessage(error, 'Failed to log in. Please check your credentials.'));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readyToSubmit()) return;
    setUnverifiedEmail(null);
    login.mutate(values);
  }

  return (
    <AuthShell
      title="Log in"
      description={
        isStartTrialPath(returnTo)
          ? 'Sign in to start your 7-day free trial of the Monthly plan.'
          : 'Welcome back. Sign in to search and contact physicians.'
      }
      footer={
        <>
          Don't have an account?{' '}
          <Link to={signupPath(returnTo)} className={authLinkClassName}>
            Sign up
          </Link>
        </>
      }
    >
      {unverifiedEmail && (
        <div
          role="alert"
          className="mb-6 flex gap-3 rounded-lg border border-warning/30 bg-warning-soft px-4 py-3 text-sm text-foreground"
        >
          <MailWarning className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
          <div className="flex flex-col items-start gap-2">
            <p>
              Your email address has not been verified yet. Open the link we sent to{' '}
              <span className="font-medium break-all">{unverifiedEmail}</span>, or ask for a new one.
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={resend.isPending}
              onClick={() => resend.resend(unverifiedEmail, returnTo)}
            >
              {resend.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Resend verification email
            </Button>
          </div>
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Log in">
        <EmailField
          id={fieldId('email')}
          value={values.email}
          onChange={(value) => update('email', value)}
          error={errorFor('email')}
        />
        <div className="flex flex-col gap-2">
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            id={fieldId('password')}
            value={values.password}
            onChange={(value) => update('password', value)}
            error={errorFor('password')}
          />
          <Link to="/forgot-password" className={`${authLinkClassName} self-end text-sm`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {login.isPending ? 'Logging in...' : 'Log in'}
        </Button>
      </form>
    </AuthShell>
  );
}
