import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SignupRequest } from '@contract/auth';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Loader2 } from 'lucide-react';
import { authApi } from './api';
import { EmailField, PasswordField } from './auth-fields';
import { AuthShell, authLinkClassName } from './auth-shell';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from './form-errors';

type Values = { email: string; password: string; confirmPassword: string; acceptTerms: boolean };
type Field = keyof Values;

const FIELD_ORDER: Field[] = ['email', 'password', 'confirmPassword', 'acceptTerms'];
const fieldId = (field: Field) => `signup-${field}`;

export function SignupPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({
    email: '',
    password: '',
    confirmPassword: '',
    acceptTerms: false,
  });
  // Errors show from the first submit on, then follow the typing. Not on blur: a message
  // appearing as a field loses focus shifts the form under the pointer mid-click.
  const [termsTouched, setTermsTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const signup = useMutation({
    mutationFn: authApi.signup,
    onSuccess: ({ email }) => {
      toast.success('Account created!', { description: 'Your account has been created successfully.' });
      void navigate('/check-email-confirmation', { replace: true, state: { email } });
    },
    onError: (error) => {
      setServerErrors(serverFieldErrors(error));
      toast.error(errorMessage(error, 'Failed to create account.'));
    },
  });

  const clientErrors = validate(SignupRequest, values);
  const errorFor = (field: Field) =>
    serverErrors[field] ??
    (submitted || (field === 'acceptTerms' && termsTouched) ? clientErrors[field] : undefined);

  function update<K extends Field>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = FIELD_ORDER.find((field) => clientErrors[field]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    signup.mutate(values);
  }

  return (
    <AuthShell
      title="Create your account"
      description="Search verified contact details for over 300,000 US physicians."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={authLinkClassName}>
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
