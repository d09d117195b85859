import { Link } from 'react-router';
import { ArrowRight, BadgeCheck, HeartHandshake, Scale, SlidersHorizontal, Target } from 'lucide-react';
import { StartTrialButton } from '@web/features/billing/start-trial-button';
import { Button } from '@web/components/ui/button';
import { PageHero, Section, SectionHeading } from './marketing-ui';
import { verificationClaim } from '@contract/verification-copy';
import { useVerificationSummary } from '@web/features/verification/summary';

const DIFFERENTIATORS = [
  {
    icon: BadgeCheck,
    title: 'Verified, not scraped and forgotten',
    // Completed with what is true now (ADR 032): see AboutPage.
    text: ', so your calls and emails reach the physician rather than a switchboard or a dead inbox.',
    verification: true,
  },
  {
    icon: SlidersHorizontal,
    title: 'Built around how recruiters search',
    text: 'Filter by specialty, location, credentials, years in practice and dozens of other parameters, then save the search for the next opening.',
  },
  {
    icon: Scale,
    title: 'One clear price',
    text: 'No credits, seats to count or per-contact fees. One subscription with unlimited searches, and a 30-day money-back guarantee.',
  },
  {
    icon: HeartHandshake,
    title: 'Respectful of physicians',
    text: 'Physicians can submit their own resume or have their information removed at any time, and we honour removals in every future update.',
  },
];

export function AboutPage() {
  const claim = verificationClaim(useVerificationSummary().data);
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Helping recruiters connect with the physicians patients need"
        description="PhysicianDirect is a directory of US physicians with verified direct contacts, made for the healthcare recruiters who keep hospitals and practices staffed."
      />

      <Section labelledBy="mission-heading">
        <div className="mx-auto grid max-w-5xl gap-12 lg:grid-cols-[auto_1fr] lg:gap-16">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
            <Target className="size-7" aria-hidden />
          </div>
          <div>
            <h2 id="mission-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
              Our mission
            </h2>
            <div className="mt-6 flex flex-col gap-5 text-lg leading-relaxed text-muted-foreground">
              <p>
                Physician shortages leave communities waiting for care, and every unfilled position starts
                with a recruiter trying to reach the right doctor. Too often that search stalls on outdated
                lists, generic practice numbers and emails that never arrive.
              </p>
              <p>
                We built PhysicianDirect to remove that friction: accurate, regularly verified contact
                information for more than 300,000 physicians across 18 specialties, with the search, lists and
                export tools recruiters need to move quickly.
              </p>
              <p>
                We are just as committed to the physicians in our directory. Their data is handled
                transparently, they can put themselves forward by submitting a resume, and they can ask to be
                removed at any time.
              </p>
            </div>
          </div>
        </div>
      </Section>

      <Section labelledBy="differentiators-heading" className="border-y bg-surface">
        <SectionHeading
          id="differentiators-heading"
          eyebrow="What sets us apart"
          title="Why recruiters choose PhysicianDirect"
        />
        <div className="mx-auto mt-14 grid max-w-5xl gap-6 sm:grid-cols-2">
          {DIFFERENTIATORS.map((item) => (
            <div key={item.title} className="rounded-2xl border bg-card p-7 shadow-xs">
              <div className="flex size-11 items-center justify-center rounded-xl bg-brand-teal-soft text-brand-teal">
                <item.icon className="size-5" aria-hidden />
              </div>
              <h3 className="mt-5 text-lg font-semibold tracking-tight">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">
                {'verification' in item ? claim.clause + item.text : item.text}
              </p>
            </div>
          ))}
        </div>
      </Section>

      <Section labelledBy="about-cta-heading">
        <div className="mx-auto max-w-3xl text-center">
          <h2
            id="about-cta-heading"
            className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            See who you could be talking to this week
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            Create a free account to start searching, and subscribe when you are ready to reach out.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <StartTrialButton size="lg" icon={<ArrowRight aria-hidden />} />
            <Button asChild size="lg" variant="outline">
              <Link to="/pricing">View Pricing</Link>
            </Button>
          </div>
        </div>
      </Section>
    </>
  );
}
