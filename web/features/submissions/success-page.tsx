import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';

/** /success: after a resume submission (the receipt email says the same). */
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
          <p>Your resume has been submitted and is now waiting for review.</p>
          <p className="mt-3">
            Our team reviews each submission within a few days. We will email you at the address you gave as soon
            as your profile is approved. A receipt is on its way to your inbox now.
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
