import { Link } from 'react-router';
import { ContactLink, LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these Terms',
    body: (
      <>
        <p>
          These Terms of Service ("Terms") govern your access to and use of the PhysicianDirect website,
          directory and related services (the "Service"). By creating an account, subscribing or otherwise
          using the Service, you agree to these Terms and to our <Link to="/privacy">Privacy Policy</Link>. If
          you use the Service on behalf of an organisation, you confirm that you are authorised to accept
          these Terms for it.
        </p>
        <p>If you do not agree to these Terms, do not use the Service.</p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The Service',
    body: (
      <p>
        PhysicianDirect provides a searchable directory of professional information about physicians
        practising in the United States, including, for subscribers, professional contact details. The Service
        is intended for healthcare recruiters and other business users with a legitimate professional reason
        to contact physicians. We may add, change or remove features at any time; we will give reasonable
        notice of changes that materially reduce what a paid plan includes.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <ul>
        <li>
          You must be at least 18 years old and provide accurate, current information when you register.
        </li>
        <li>
          You are responsible for keeping your password confidential and for all activity under your account.
          Tell us promptly through our <ContactLink /> if you suspect unauthorised use.
        </li>
        <li>
          Each subscription is for a single named user. Accounts and credentials may not be shared, resold or
          used by more than one person.
        </li>
      </ul>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions, billing and cancellation',
    body: (
      <>
        <p>
          Paid plans are offered monthly ($199 per month) or annually ($1,799 per year), as described on our{' '}
          <Link to="/pricing">Pricing page</Link>. Subscriptions are billed in advance through our payment
          processor and renew automatically at the end of each billing period until cancelled.
        </p>
        <ul>
          <li>
            You can cancel at any time from Account Settings. Cancellation takes effect at the end of the
            current billing period, and you keep access until then.
          </li>
          <li>
            Except as set out in our <Link to="/money-back-guarantee">Money Back Guarantee</Link> or where
            required by law, fees already paid are not refundable, including for partial periods.
          </li>
          <li>
            We may change prices for future billing periods. We will notify you at least 30 days before a
            price change applies to your subscription, and you may cancel before it takes effect.
          </li>
          <li>Prices exclude any applicable taxes, which are your responsibility.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use of directory data',
    body: (
      <>
        <p>
          Directory data may be used only for legitimate, individual professional outreach, such as recruiting
          a physician for a position. You agree that you will not:
        </p>
        <ul>
          <li>
            contact physicians in breach of applicable law, including the Telephone Consumer Protection Act
            (TCPA), the CAN-SPAM Act, do-not-call rules and state privacy and telemarketing laws;
          </li>
          <li>ignore a physician's request not to be contacted again;</li>
          <li>
            sell, license, publish or otherwise share directory data with third parties, or use it to build or
            enrich a competing database or product;
          </li>
          <li>
            scrape, crawl or extract data by automated means, or try to get around usage limits, access
            controls or security measures;
          </li>
          <li>use the Service for harassment, discrimination, fraud or any unlawful purpose.</li>
        </ul>
        <p>
          To protect the physicians in our directory, we apply fair-use limits to contact reveals and exports
          and keep a record of them. We may suspend access that appears to breach this section.
        </p>
      </>
    ),
  },
  {
    id: 'physician-information',
    title: 'Physician submissions and removal',
    body: (
      <p>
        Physicians may submit a resume for inclusion in the directory. By submitting, you confirm that the
        information is accurate and yours to share, and you allow us to review and publish it in the Service.
        Any physician may ask us to remove their information at any time through our{' '}
        <Link to="/remove-info">removal page</Link>, as described in our{' '}
        <Link to="/compliance">Compliance</Link> statement.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <p>
        The Service, including its software, design, compilation of data and content, is owned by
        PhysicianDirect or its licensors and protected by intellectual property laws. Subject to these Terms,
        we grant you a limited, non-exclusive, non-transferable, revocable licence to use the Service and the
        data you access through it for your internal business purposes during your subscription.
      </p>
    ),
  },
  {
    id: 'accuracy',
    title: 'Data accuracy',
    body: (
      <p>
        We verify contact details on a regular monthly cycle, but physician information changes frequently and
        we cannot guarantee that every record is complete, current or error-free. You are responsible for
        confirming information before relying on it for any decision.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        To the fullest extent permitted by law, the Service is provided "as is" and "as available", without
        warranties of any kind, whether express or implied, including warranties of merchantability, fitness
        for a particular purpose, accuracy and non-infringement. We do not guarantee that the Service will be
        uninterrupted or that any recruiting outcome will be achieved.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the fullest extent permitted by law, PhysicianDirect will not be liable for any indirect,
        incidental, special, consequential or punitive damages, or for lost profits, revenue or data, arising
        out of or related to the Service. Our total liability for any claim relating to the Service is limited
        to the amount you paid us in the twelve months before the event giving rise to the claim.
      </p>
    ),
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: (
      <p>
        You agree to indemnify and hold harmless PhysicianDirect and its officers, employees and agents from
        any claims, losses and expenses (including reasonable legal fees) arising from your use of directory
        data, your outreach to physicians or your breach of these Terms or of applicable law.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <p>
        You may stop using the Service and close your account at any time. We may suspend or terminate your
        access, without refund, if you breach these Terms, misuse directory data or use the Service in a way
        that exposes physicians, other users or us to harm. Sections that by their nature should survive
        termination, including those on acceptable use, intellectual property, disclaimers, liability and
        governing law, will survive.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These Terms are governed by the laws of the State of California, without regard to its
        conflict-of-laws rules. Any dispute arising from these Terms or the Service will be brought
        exclusively in the state or federal courts located in California, and you and we consent to the
        personal jurisdiction of those courts.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these Terms',
    body: (
      <p>
        We may update these Terms from time to time. When we do, we will change the "Last Updated" date above
        and, for material changes, notify subscribers by email or in the Service before the changes take
        effect. Continuing to use the Service after that means you accept the updated Terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these Terms? Reach us through our <ContactLink />.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          Please read these Terms carefully. They explain your rights and obligations when you use
          PhysicianDirect, including how subscriptions work and how directory data may be used.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
