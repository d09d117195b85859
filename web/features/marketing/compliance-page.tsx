import { Link } from 'react-router';
import { ContactLink, LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'commitment',
    title: 'Our commitment',
    body: (
      <p>
        PhysicianDirect exists to help recruiters reach physicians for genuine professional opportunities.
        That only works if physicians can trust how their information is collected and used. This page
        describes where our data comes from, how we honour data subject requests and what we expect from
        subscribers.
      </p>
    ),
  },
  {
    id: 'data-sources',
    title: 'Where directory data comes from',
    body: (
      <ul>
        <li>
          Public professional registries, such as the National Plan and Provider Enumeration System (NPPES)
          NPI registry and the provider data published by the Centers for Medicare &amp; Medicaid Services.
        </li>
        <li>Resumes that physicians submit to us themselves, which our team reviews before publishing.</li>
        <li>Professional contact details, verified on a monthly cycle.</li>
      </ul>
    ),
  },
  {
    id: 'data-subject-requests',
    title: 'Data subject requests',
    body: (
      <>
        <p>
          Any physician or user can ask us to access, correct or delete their personal information, or to stop
          processing it. <strong>We answer data subject requests within 30 days</strong> of receiving a
          verifiable request.
        </p>
        <ul>
          <li>
            To be removed from the directory, use our <Link to="/remove-info">Remove My Information</Link>{' '}
            page. We email a confirmation link to the address you give, so that only the owner of that address
            can remove it.
          </li>
          <li>
            For access, correction or any other request, write to us through our <ContactLink />.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'removal',
    title: 'Removal and suppression',
    body: (
      <>
        <p>
          The confirmation link we email works once and expires after 24 hours. When a removal is confirmed, we
          immediately delete every directory record whose personal or work email matches the confirmed address,
          together with its contact details, its place in subscribers' lists and any resume submitted with that
          address. The record disappears from search results and profiles at once.
        </p>
        <p>
          We then add the address, and the NPI numbers of the deleted records, to a suppression list. Every
          later data import and resume approval checks this list, so a removed physician is not added back. The
          list keeps only a keyed one-way fingerprint of each address and NPI, not the address or number
          itself, so it does not keep the information you asked us to delete.
        </p>
      </>
    ),
  },
  {
    id: 'subscriber-obligations',
    title: 'Subscriber obligations',
    body: (
      <>
        <p>Subscribers are responsible for lawful outreach. In particular, they must:</p>
        <ul>
          <li>
            follow the Telephone Consumer Protection Act (TCPA), including its restrictions on autodialed or
            prerecorded calls and text messages to mobile numbers;
          </li>
          <li>
            follow the CAN-SPAM Act: identify themselves honestly, use accurate subject lines and honour
            opt-out requests promptly;
          </li>
          <li>respect federal and state do-not-call rules and state privacy laws;</li>
          <li>use directory data only for individual professional outreach, never resell or republish it.</li>
        </ul>
        <p>
          The full rules are in our <Link to="/terms">Terms of Service</Link>. Accounts that misuse directory
          data are suspended.
        </p>
      </>
    ),
  },
  {
    id: 'hipaa',
    title: 'Health information',
    body: (
      <p>
        Our directory holds professional information about physicians, not patient records. We do not collect,
        store or process protected health information (PHI) as defined by HIPAA.
      </p>
    ),
  },
  {
    id: 'safeguards',
    title: 'Safeguards',
    body: (
      <ul>
        <li>
          Contact details are never included in search results; they are revealed one by one to entitled
          subscribers.
        </li>
        <li>Every contact reveal and export is logged, and fair-use limits stop bulk harvesting.</li>
        <li>
          Encryption in transit, hashed passwords, revocable server-side sessions and restricted administrator
          access.
        </li>
      </ul>
    ),
  },
  {
    id: 'report',
    title: 'Reporting misuse and questions',
    body: (
      <p>
        If you believe someone has misused information from PhysicianDirect, or you have a question about this
        page, tell us through our <ContactLink />. We investigate every report.
      </p>
    ),
  },
];

export function CompliancePage() {
  return (
    <LegalPage
      title="Compliance"
      intro={
        <p>
          How PhysicianDirect sources physician data, responds to data subject requests and keeps subscribers'
          outreach lawful.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
