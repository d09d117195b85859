import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Loader2, MailCheck } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { CreateRemovalRequest, REMOVAL_MESSAGES, REMOVAL_TOKEN_TTL_HOURS } from '@contract/removal';
import { Button } from '@web/components/ui/button';
import { EmailField } from '@web/features/auth/auth-fields';
import { AuthShell, StatusIcon, authLinkClassName } from '@web/features/auth/auth-shell';
import { serverFieldErrors, validate } from '@web/features/auth/form-errors';
import { isApiError } from '@web/lib/api';
import { removalApi } from './api';

/**
 * /remove-info: a physician asks for their information to be removed. The answer is the same
 * whether or not the directory holds the address; a confirmation link is emailed only when it does.
 */
export function RemoveInfoPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();

  const request = useMutation({
    mutationFn: removalApi.request,
    onError: (error) => {
      setServerError(serverFieldErrors(error).email);
      const description =
        isApiError(error) && error.code === 'rate_limited' ? error.message : REMOVAL_MESSAGES.requestFailed;
      toast.error(REMOVAL_MESSAGES.requestFailedTitle, { description });
    },
  });

  if (request.isSuccess) {
    return (
      <AuthShell
        icon={
          <StatusIcon>
            <MailCheck />
          </StatusIcon>
        }
        title={REMOVAL_MESSAGES.sentTitle}
        description={
          <>
            <p>
              If our directory holds information under{' '}
              <strong className="font-semibold break-all text-foreground">{request.variables.email}</strong>, we
              have sent a confirmation link to that address. Open it within {REMOVAL_TOKEN_TTL_HOURS} hours to
              complete the removal.
            </p>
            <p className="mt-3">If you don't see the email in a few minutes, please check your spam or junk folder.</p>
          </>
        }
        footer={
          <Link to="/" className={authLinkClassName}>
            Return to Homepage
          </Link>
        }
      >
        <Button variant="outline" size="lg" className="w-full" onClick={() => request.reset()}>
          Use a different email
        </Button>
      </AuthShell>
    );
  }

  const clientError = validate(CreateRemovalRequest, { email }).email;
  const error = serverError ?? (submitted ? clientError : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (clientError) {
      document.getElementById('removal-email')?.focus();
      return;
    }
    request.mutate({ email: email.trim() });
  }

  return (
    <AuthShell
      title="Remove Your Information"
      description={
        <p>
          Enter the email address listed with your profile. We will email you a link to confirm; once you confirm,
          we delete every directory record with that address and make sure future updates do not add it again.
        </p>
      }
      footer={
        <>
          Questions?{' '}
          <Link to="/contact" className={authLinkClassName}>
            Contact us
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Remove Your Information">
        <EmailField
          id="removal-email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setServerError(undefined);
          }}
          error={error}
        />
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {request.isPending ? 'Sending...' : 'Send Verification Email'}
        </Button>
      </form>
    </AuthShell>
  );
}
