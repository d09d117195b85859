import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { SUBMISSION_CONFIRM_TTL_DAYS, SUBMISSION_MESSAGES } from '@contract/submissions';
import { Button } from '@web/components/ui/button';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';

/**
 * /success: after a resume submission. Nothing reaches our team before the address is confirmed
 * (the emailed link opens /confirm-resume), so the page asks for that first.
 */
export function SubmissionSuccessPage() {
  return (
    <AuthShell
      icon={
        <StatusIcon tone="success">
          <CircleCheck />
        </StatusIcon>
      }
      title="Thank you for your submission!"
      description={
        <>
          <p role="status">{SUBMISSION_MESSAGES.checkEmail}</p>
          <p className="mt-3">
            The link works for {SUBMISSION_CONFIRM_TTL_DAYS} days. Once you confirm, our team reviews your resume
            within a few days and emails you as soon as your profile is approved.
          </p>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/">Return to Homepage</Link>
        </Button>
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link to="/search">Browse the directory</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
