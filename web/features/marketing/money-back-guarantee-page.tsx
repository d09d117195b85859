import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { ContactLink, LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'promise',
    title: 'Our promise',
    body: (
      <p>
        We want you to subscribe with confidence. If PhysicianDirect is not right for you, you can ask for a
        full refund of your first payment within <strong>30 days of your first purchase</strong>.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who is eligible',
    body: (
      <ul>
        <li>The request is made within 30 days of the date of your first subscription purchase.</li>
        <li>
          <strong>No contacts have been exported.</strong> Any CSV export or other mass export of directory
          data voids the guarantee, because exported information cannot be returned.
        </li>
        <li>
          The guarantee applies once per customer, to the first purchase only; renewals are not covered.
        </li>
        <li>
          The account has not been suspended for breaching our <Link to="/terms">Terms of Service</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-to-request',
    title: 'How to request a refund',
    body: (
      <>
        <p>
          Sign in and open <Link to="/account?tab=subscription">Account Settings, Subscription</Link>: while you
          are eligible it shows a <strong>Request a refund</strong> button (add a short note on why the Service did
          not work for you if you like: it helps us improve), and we email you a confirmation. If you no longer
          have access to your account, write to us through our <ContactLink /> with its email address.
        </p>
        <p>
          Our support team reviews every request within <strong>3 business days</strong> and confirms the
          outcome by email.
        </p>
      </>
    ),
  },
  {
    id: 'refund',
    title: 'Receiving your refund',
    body: (
      <p>
        Approved refunds are returned to the original payment method. Depending on your bank, the refund can
        take <strong>up to 10 business days</strong> to appear. When the refund is issued, your subscription
        is cancelled and paid access ends.
      </p>
    ),
  },
];

export function MoneyBackGuaranteePage() {
  return (
    <LegalPage
      title="30-Day Money Back Guarantee"
      intro={
        <p>
          Try PhysicianDirect risk-free. Here is exactly how our guarantee works, with no fine print beyond
          what is on this page.
        </p>
      }
      sections={SECTIONS}
      footer={
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="!mt-0 text-lg font-semibold text-foreground">Ready to get started?</p>
            <p className="!mt-1 text-muted-foreground">Compare our Monthly and Annual plans.</p>
          </div>
          <Button asChild size="lg" className="!text-primary-foreground !no-underline">
            <Link to="/pricing">View Pricing</Link>
          </Button>
        </div>
      }
    />
  );
}
