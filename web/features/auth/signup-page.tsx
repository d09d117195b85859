import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@web/components/ui/toast';
import { SignupRequest } from '@contract/auth';
import { loginPath, isStartTrialPath } from '@contract/local-path';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Loader2 } from 'lucide-react';
import { authApi } from './api';
import { EmailField, PasswordField } from './auth-fields';
import { AuthShell, authLinkClassName } from './auth-shell';
import { errorMessage, serverFieldErrors } from './form-errors';
import { useValidatedForm } from './use-validated-form';
import { returnToParam } from './return-to';

type Field = 'email' | 'password' | 'confirmPassword' | 'acceptTerms';

/**
 * /signup. `?return_to=` (Start Free Trial: '/start-trial'; a card's contact prompt: that card)
 * rides on the verification link, so signing in after verifying lands there.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = returnToParam(searchParams.get('return_to'));
  const trial = isStartTrialPath(returnTo);
  const form = useValidatedForm({
    schema: SignupRequest,
    initial: { email: '', password: '', confirmPassword: '', acceptTerms: false },
    fields: ['email', 'password', 'confirmPassword', 'acceptTerms'],
    idPrefix: 'signup',
  });
  const { values, update, fieldId, setServerErrors, readyToSubmit } = form;
  // The terms error also shows once the box has been touched, before any submit.
  const [termsTouched, setTermsTouched] = useState(false);

  const signup = useMutation({
    mutationFn: authApi.signup,
    onSuccess: ({ email }) => {
      toast.success('Account created!', { description: 'Your account has been created successfully.' });
      void navigate('/check-email-confirmation', { replace: true, state: { email, returnTo } });
    },
    onError: (error) => {
      setServerErrors(serverFieldErrors(error));
      toast.error(errorMessage(error, 'Failed to create account.'));
    },
  });

  const errorFor = (field: Field) =>
    form.errorFor(field) ?? (field === 'acceptTerms' && termsTouched ? form.clientErrors[field] : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readyToSubmit()) return;
    signup.mutate(returnTo ? { ...values, returnTo } : values);
  }

  return (
    <AuthShell
      title={trial ? 'Start your 7-day free trial' : 'Create your account'}
      description={
        trial
          ? 'Create your account and confirm your email; then the trial of the Monthly plan starts at checkout. Cancel anytime before it ends.'
          : 'Search verified contact details for over 300,000 US physicians.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginPath(returnTo)} className={authLinkClassName}>
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Sign up">
        <EmailField
          id={fieldId('email')}
          value={values.email}
          onChange={(value) => update('email', value)}
          error={errorFor('email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          id={fieldId('password')}
          value={values.password}
          onChange={(value) => update('password', value)}
          error={errorFor('password')}
          help={errorFor('password') ? undefined : 'At least 6 characters.'}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          id={fieldId('confirmPassword')}
          value={values.confirmPassword}
          onChange={(value) => update('confirmPassword', value)}
          error={errorFor('confirmPassword')}
        />
        <FormField
          layout="inline"
          id={fieldId('acceptTerms')}
          error={errorFor('acceptTerms')}
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" target="_blank" className={authLinkClassName}>
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" target="_blank" className={authLinkClassName}>
                Privacy Policy
              </Link>
            </>
          }
        >
          <Checkbox
            name="acceptTerms"
            checked={values.acceptTerms}
            onCheckedChange={(checked) => {
              update('acceptTerms', checked === true);
              setTermsTouched(true);
            }}
          />
        </FormField>
        <Button
          type="submit"
          size="lg"
          className="mt-1 w-full"
          disabled={!values.acceptTerms || signup.isPending}
        >
          {signup.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {signup.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthShell>
  );
}
