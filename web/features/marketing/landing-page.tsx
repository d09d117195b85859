import { Link } from 'react-router';
import {
  ArrowRight,
  BadgeCheck,
  Bookmark,
  CalendarCheck,
  Download,
  FileText,
  Filter,
  ListChecks,
  Mail,
  MapPin,
  Phone,
  Search,
  ShieldCheck,
  Stethoscope,
  UserRoundX,
  Users,
} from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { verificationClaim } from '@contract/verification-copy';
import { useVerificationSummary } from '@web/features/verification/summary';
import { Button } from '@web/components/ui/button';
import { HeroPattern, Section, SectionHeading } from './marketing-ui';

const STATS = [
  { value: '300,000+', label: 'Physician profiles' },
  { value: '18', label: 'Specialties' },
  { value: '12+', label: 'Search parameters' },
  { value: 'Monthly', label: 'Contact verification' },
];

const BENEFITS = [
  {
    icon: Phone,
    title: 'Reach physicians directly',
    text: 'Verified mobile numbers and private email addresses, not the front desk of a group practice.',
  },
  {
    icon: Filter,
    title: 'Find the right fit, fast',
    text: 'Narrow 300,000+ profiles by specialty, state, city, credentials, years in practice and more.',
  },
  {
    icon: ShieldCheck,
    title: 'Data you can stand behind',
    // Completed with what is true now (ADR 032): see LandingPage.
    text: ', and physicians can remove their information at any time.',
    verification: true,
  },
];

const FEATURES = [
  {
    icon: Search,
    title: 'Unlimited search',
    text: 'Run as many searches as you need across every specialty and state. No credits, no per-contact fees.',
  },
  {
    icon: Download,
    title: 'Export in one click',
    text: 'Download selected physicians as a CSV file that opens in Excel or imports into your ATS (Annual plan).',
  },
  {
    icon: Bookmark,
    title: 'Saved searches',
    text: 'Save the filters behind a search and re-run it in a click when a new opening comes in.',
  },
  {
    icon: ListChecks,
    title: 'Candidate lists',
    text: 'Group promising physicians into named lists for each requisition and keep your pipeline organised.',
  },
  {
    icon: CalendarCheck,
    title: 'Monthly contact verification',
    text: 'Every profile is checked on a monthly cycle so your outreach lands with the right person.',
  },
  {
    icon: Stethoscope,
    title: '18 specialties',
    text: 'Browse physicians across 18 specialties, from primary care to surgical and hospital-based medicine.',
  },
];

export function LandingPage() {
  return (
    <>
      <Hero />
      <Stats />
      <Benefits />
      <Features />
      <ForPhysicians />
      <ClosingCta />
    </>
  );
}

function Hero() {
  const claim = verificationClaim(useVerificationSummary().data);
  return (
    <div className="relative overflow-hidden border-b bg-gradient-to-b from-primary-soft/80 via-background to-background">
      <HeroPattern />
      <div className="relative mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:gap-14 lg:px-8 lg:pt-24 lg:pb-24">
        <div className="min-w-0">
          <Badge variant="teal" className="px-3 py-1 text-[13px]">
            <BadgeCheck aria-hidden />
            {claim.badge}
          </Badge>
          <h1 className="mt-6 text-4xl leading-[1.1] font-semibold tracking-tight text-balance text-foreground sm:text-5xl xl:text-[3.5rem]">
            Reach the physicians you need to hire, <span className="text-primary">directly.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
            PhysicianDirect gives healthcare recruiters verified mobile numbers and private emails for over
            300,000 US physicians, with search, candidate lists and export built for how you work.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/signup">
                Sign Up
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/search">Browse the directory</Link>
            </Button>
          </div>
          <Link
            to="/money-back-guarantee"
            className="mt-6 inline-flex items-center gap-2 rounded-sm text-sm font-medium text-brand-teal underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ShieldCheck className="size-4" aria-hidden />
            Backed by our 30-day money-back guarantee
          </Link>
        </div>
        <ProductPreview />
      </div>
    </div>
  );
}

const PREVIEW_ROWS = [
  { name: 'Dr. Maya Thompson, MD', detail: 'Cardiology', place: 'Austin, TX', email: 'm.thompson@•••••.com' },
  { name: 'Dr. Daniel Okafor, DO', detail: 'Cardiology', place: 'Houston, TX', email: 'dokafor@•••••.com' },
  {
    name: 'Dr. Priya Raman, MD',
    detail: 'Interventional Cardiology',
    place: 'Dallas, TX',
    email: 'praman@•••••.com',
  },
];

/** An illustration of a search result (fictional people), drawn in HTML so it stays crisp and light. */
function ProductPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full min-w-0 max-w-lg lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-primary/10 to-brand-teal/15 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border bg-card shadow-xl shadow-primary/10">
        <div className="flex items-center gap-2 border-b bg-surface px-4 py-3">
          <div className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
          </div>
          <div className="ml-2 flex min-w-0 flex-1 items-center gap-2 rounded-md border bg-background px-3 py-1.5 text-xs text-muted-foreground">
            <Search className="size-3.5 shrink-0" />
            <span className="truncate">Cardiology · Texas · Accepting new patients</span>
          </div>
        </div>
        <div className="flex items-center justify-between px-4 pt-4 pb-2 text-xs text-muted-foreground">
          <span>
            <span className="font-semibold text-foreground">1,284</span> physicians found
          </span>
          <span className="inline-flex items-center gap-1 font-medium text-primary">
            <Download className="size-3.5" /> Export CSV
          </span>
        </div>
        <ul className="divide-y">
          {PREVIEW_ROWS.map((row) => (
            <li key={row.name} className="flex items-center gap-3 px-4 py-3.5">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary">
                {row.name.split(' ')[1]?.[0]}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-foreground">{row.name}</p>
                <p className="mt-0.5 flex items-center gap-1 truncate text-xs text-muted-foreground">
                  {row.detail} <span className="text-slate-300">•</span>{' '}
                  <MapPin className="size-3 shrink-0" /> {row.place}
                </p>
              </div>
              <div className="hidden shrink-0 flex-col items-end gap-1 sm:flex">
                <span className="inline-flex items-center gap-1 text-xs text-foreground">
                  <Mail className="size-3 text-muted-foreground" /> {row.email}
                </span>
                <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-[11px] font-medium text-success">
                  <BadgeCheck className="size-3" /> Verified
                </span>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Stats() {
  return (
    <section aria-label="PhysicianDirect in numbers" className="border-b bg-background">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-px overflow-hidden px-4 py-10 sm:px-6 lg:grid-cols-4 lg:px-8">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse items-center gap-1 px-2 py-4 text-center">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="text-3xl font-semibold tracking-tight text-primary sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Benefits() {
  const claim = verificationClaim(useVerificationSummary().data);
  return (
    <Section labelledBy="benefits-heading">
      <SectionHeading
        id="benefits-heading"
        eyebrow="Why PhysicianDirect"
        title="Spend your time recruiting, not researching"
        description="Stop piecing together contacts from hospital websites and outdated lists. Every profile gives you what you need to start a conversation."
      />
      <div className="mt-14 grid gap-6 md:grid-cols-3">
        {BENEFITS.map((benefit) => (
          <div key={benefit.title} className="rounded-2xl border bg-card p-7 shadow-xs">
            <div className="flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground">
              <benefit.icon className="size-5" aria-hidden />
            </div>
            <h3 className="mt-5 text-lg font-semibold tracking-tight">{benefit.title}</h3>
            <p className="mt-2 leading-relaxed text-muted-foreground">
              {'verification' in benefit ? claim.clause + benefit.text : benefit.text}
            </p>
          </div>
        ))}
      </div>
    </Section>
  );
}

function Features() {
  return (
    <Section labelledBy="features-heading" className="border-y bg-surface">
      <SectionHeading
        id="features-heading"
        eyebrow="Features"
        title="Everything you need to fill physician roles"
        description="Unlimited search and export, saved searches and candidate lists, in one straightforward subscription."
      />
      <div className="mt-14 grid gap-x-10 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <div key={feature.title} className="flex gap-4">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-teal-soft text-brand-teal">
              <feature.icon className="size-5" aria-hidden />
            </div>
            <div>
              <h3 className="font-semibold tracking-tight">{feature.title}</h3>
              <p className="mt-1.5 text-[15px] leading-relaxed text-muted-foreground">{feature.text}</p>
            </div>
          </div>
        ))}
      </div>
    </Section>
  );
}

function ForPhysicians() {
  return (
    <Section labelledBy="physicians-heading">
      <div className="grid items-center gap-10 overflow-hidden rounded-3xl border bg-gradient-to-br from-brand-teal-soft to-primary-soft p-6 sm:p-12 lg:grid-cols-[1.3fr_1fr]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-teal uppercase">For physicians</p>
          <h2
            id="physicians-heading"
            className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Looking for your next opportunity?
          </h2>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted-foreground">
            Submit your resume and let recruiters with matching openings find you. It is free, and your
            profile is reviewed before it is published.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button asChild size="lg">
              <Link to="/submit-resume">
                <FileText aria-hidden />
                Submit Your Resume
              </Link>
            </Button>
            <Button asChild variant="ghost" size="lg">
              <Link to="/remove-info">
                <UserRoundX aria-hidden />
                Remove my information
              </Link>
            </Button>
          </div>
        </div>
        <ul className="flex flex-col gap-4">
          {[
            { icon: Users, text: 'Be seen by recruiters hiring in your specialty' },
            { icon: ShieldCheck, text: 'You decide: ask for removal at any time' },
            { icon: BadgeCheck, text: 'Every submission is reviewed by our team' },
          ].map((item) => (
            <li key={item.text} className="flex items-center gap-3 rounded-xl bg-background/80 p-4 shadow-xs">
              <item.icon className="size-5 shrink-0 text-primary" aria-hidden />
              <span className="text-[15px] font-medium">{item.text}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

function ClosingCta() {
  return (
    <section aria-labelledby="closing-heading" className="bg-primary">
      <div className="relative mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 lg:px-8">
        <h2
          id="closing-heading"
          className="text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl"
        >
          Start reaching physicians today
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-blue-100">
          Create your account in a minute. Subscribe when you are ready, with a 30-day money-back guarantee.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-white text-primary hover:bg-blue-50">
            <Link to="/signup">
              Sign Up
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/40 bg-transparent text-white hover:bg-white/10"
          >
            <Link to="/pricing">View Pricing</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
