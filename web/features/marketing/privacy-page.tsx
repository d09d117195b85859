import { Link } from 'react-router';
import { ContactLink, LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are and what this policy covers',
    body: (
      <p>
        This Privacy Policy explains how PhysicianDirect ("we", "us") collects, uses and shares personal
        information when you visit our website, create an account or subscribe (our "users"), and how we
        handle the professional information of the physicians listed in our directory. It also explains the
        choices and rights available to you.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>
          <strong>From users of the Service.</strong>
        </p>
        <ul>
          <li>
            Account details: your email address, an optional display name and bio, and your password (stored
            only as a secure one-way hash).
          </li>
          <li>
            Billing details: your subscription plan and status. Card payments are handled by our payment
            processor; we do not receive or store full card numbers.
          </li>
          <li>
            Usage records: searches, saved searches and lists, contact reveals and exports. We keep these to
            provide the Service, enforce fair-use limits and protect the physicians in our directory.
          </li>
          <li>Messages you send us, for example through the contact form.</li>
          <li>
            Technical data such as IP address, browser type and timestamps, recorded in our server logs.
          </li>
        </ul>
        <p>
          <strong>About physicians in the directory.</strong>
        </p>
        <ul>
          <li>
            Professional information such as name, credentials, specialty, practice location, education, board
            certification and hospital affiliation, largely drawn from public sources such as the national NPI
            registry maintained by the Centers for Medicare &amp; Medicaid Services.
          </li>
          <li>Professional contact details, which we verify on a monthly cycle.</li>
          <li>Information physicians choose to give us when they submit a resume.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use information',
    body: (
      <ul>
        <li>
          To provide, maintain and secure the Service, including authenticating you and processing payments.
        </li>
        <li>
          To operate the physician directory and make it available to subscribers for professional outreach.
        </li>
        <li>
          To respond to your messages and requests, and to send service emails such as account verification
          and password reset.
        </li>
        <li>
          To send product news and marketing emails, if you have not turned them off in Account Settings.
        </li>
        <li>To detect and prevent fraud, abuse, scraping and breaches of our Terms.</li>
        <li>To comply with legal obligations and enforce our agreements.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    body: (
      <>
        <p>
          We do not sell or rent the personal information of our users. We share information only as follows:
        </p>
        <ul>
          <li>
            <strong>With subscribers:</strong> making physicians' professional information available to
            subscribers is the purpose of the directory. Physicians can opt out at any time (see section 8).
          </li>
          <li>
            <strong>With service providers</strong> who host our systems, process payments and deliver email
            for us, under contracts that limit their use of the information to providing those services.
          </li>
          <li>
            <strong>For legal reasons:</strong> when required by law or legal process, or to protect the
            rights, property or safety of our users, the physicians in our directory, the public or us.
          </li>
          <li>
            <strong>In a business transfer:</strong> if PhysicianDirect is involved in a merger, acquisition
            or sale of assets, subject to this policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use a single essential cookie to keep you signed in securely. We do not use advertising cookies or
        cross-site tracking. Blocking cookies will prevent you from signing in.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Data retention',
    body: (
      <p>
        We keep account information for as long as your account is open and for a reasonable period afterwards
        to meet legal, tax and accounting obligations and to resolve disputes. Usage and audit records are
        kept for as long as needed to protect the directory and enforce our Terms. When a physician's removal
        request is confirmed, their directory records and any resume they submitted are deleted; we keep only a
        keyed one-way fingerprint of their email address and NPI, so that they are not added again.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect information with encryption in transit, hashed passwords, server-side sessions, access
        controls, rate limits and audit logging of contact reveals and exports. No system is perfectly secure,
        but we work to protect your information and will notify affected people of a breach as the law
        requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <ul>
          <li>
            <strong>Users</strong> can view and update their profile and notification preferences in Account
            Settings, and can ask us to access, correct or delete their personal information through our{' '}
            <ContactLink />.
          </li>
          <li>
            <strong>Physicians</strong> can ask for their information to be removed from the directory on our{' '}
            <Link to="/remove-info">Remove My Information</Link> page, or contact us to access or correct it.
          </li>
          <li>
            <strong>California residents</strong> have rights under the California Consumer Privacy Act, as
            amended, including the rights to know, delete and correct personal information, to opt out of its
            sale or sharing, and not to be discriminated against for exercising these rights.
          </li>
        </ul>
        <p>
          We answer verified requests within 30 days; see our{' '}
          <Link to="/compliance">Compliance</Link> page for how requests are handled.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's privacy",
    body: (
      <p>
        The Service is a professional tool and is not intended for children under 13. We do not knowingly
        collect personal information from children under 13. If you believe a child has given us personal
        information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this Privacy Policy from time to time. We will change the "Last Updated" date above and,
        for material changes, notify users by email or in the Service.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions or requests about your privacy? Reach us through our <ContactLink />.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          Your privacy matters to us, and so does the privacy of the physicians in our directory. This policy
          describes what we collect, why, and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
