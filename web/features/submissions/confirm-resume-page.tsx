import { Link, useSearchParams } from 'react-router';
import { SUBMISSION_MESSAGES } from '@contract/submissions';
import { Button } from '@web/components/ui/button';
import { SingleUseLinkPage } from '@web/features/auth/single-use-link-page';
import { isApiError } from '@web/lib/api';
import { submissionsApi } from './api';

const homeButton = (variant?: 'outline') => (
  <Button asChild variant={variant} size="lg" className="w-full">
    <Link to="/">Return to Homepage</Link>
  </Button>
);

/** /confirm-resume?token=...: the link from the submission's confirmation email. */
export function ConfirmResumePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <SingleUseLinkPage
      queryKey={['confirm-resume']}
      secret={token}
      call={() => submissionsApi.confirm(token)}
      pending={{ title: 'Confirming your submission', message: 'Please wait while we confirm your email address.' }}
      success={() => ({
        title: 'Submission confirmed',
        message: SUBMISSION_MESSAGES.confirmed,
        details: (
          <p>
            Our team reviews each submission within a few days. We will email you as soon as your profile is approved; a
            receipt is on its way to your inbox now.
          </p>
        ),
        actions: homeButton(),
      })}
      failure={(error) => ({
        title: 'We could not confirm your submission',
        message: isApiError(error) && error.code === 'rate_limited' ? error.message : SUBMISSION_MESSAGES.confirmFailed,
        actions: (
          <>
            <Button asChild size="lg" className="w-full">
              <Link to="/submit-resume">Submit Again</Link>
            </Button>
            {homeButton('outline')}
          </>
        ),
      })}
    />
  );
}
