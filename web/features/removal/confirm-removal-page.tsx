import { Link, useSearchParams } from 'react-router';
import { REMOVAL_MESSAGES } from '@contract/removal';
import { Button } from '@web/components/ui/button';
import { SingleUseLinkPage } from '@web/features/auth/single-use-link-page';
import { isApiError } from '@web/lib/api';
import { removalApi } from './api';

const homeButton = (variant?: 'outline') => (
  <Button asChild variant={variant} size="lg" className="w-full">
    <Link to="/">Return to Homepage</Link>
  </Button>
);

/** /confirm-removal?token=...: the link from the removal email, with the spec's three states. */
export function ConfirmRemovalPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <SingleUseLinkPage
      queryKey={['confirm-removal']}
      secret={token}
      call={() => removalApi.confirm(token)}
      pending={{ title: REMOVAL_MESSAGES.processingTitle, message: 'Please wait while we remove your information.' }}
      success={() => ({
        title: REMOVAL_MESSAGES.removedTitle,
        message: REMOVAL_MESSAGES.removed,
        details: <p>Future updates of the directory will not add it again.</p>,
        actions: homeButton(),
      })}
      failure={(error) => ({
        title: REMOVAL_MESSAGES.errorTitle,
        message: !error
          ? REMOVAL_MESSAGES.noToken
          : isApiError(error) && error.code === 'rate_limited'
            ? error.message
            : REMOVAL_MESSAGES.confirmFailed,
        actions: (
          <>
            <Button asChild size="lg" className="w-full">
              <Link to="/remove-info">Try Again</Link>
            </Button>
            {homeButton('outline')}
          </>
        ),
      })}
    />
  );
}
