import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Loader2, Mail, ShieldCheck, UserRoundX } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { CONTACT_MESSAGES, CreateContactMessageRequest } from '@contract/contact-form';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { serverFieldErrors } from '@web/features/auth/form-errors';
import { useValidatedForm } from '@web/features/auth/use-validated-form';
import { PageHero } from '@web/features/marketing/marketing-ui';
import { contactApi } from './api';

const EMPTY = { name: '', email: '', subject: '', message: '' };
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * /contact: the message is stored and a copy mailed to the operators; 'Message sent!' only once
 * the server has it (the original only pretended, after a 1 s delay). The form is cleared on success.
 */
export function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow="Get in touch"
        title="Contact Us"
        description="Questions about plans, data or your account? Send us a message and our team will reply by email."
      />
      <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_18rem] lg:px-8">
        <ContactForm />
        <aside className="flex flex-col gap-4 text-sm text-muted-foreground" aria-label="Other ways to reach us">
          <InfoCard icon={<Mail />} title="We reply by email">
            Every message reaches our team, and we answer at the address you give.
          </InfoCard>
          <InfoCard icon={<UserRoundX />} title="Are you a physician?">
            To take your information out of the directory, use the{' '}
            <Link to="/remove-info" className="font-medium text-primary underline-offset-4 hover:underline">
              removal page
            </Link>
            : it works without a message to us.
          </InfoCard>
          <InfoCard icon={<ShieldCheck />} title="Data requests">
            Read how we handle them on our{' '}
            <Link to="/compliance" className="font-medium text-primary underline-offset-4 hover:underline">
              data compliance
            </Link>{' '}
            page.
          </InfoCard>
        </aside>
      </div>
    </>
  );
}

function InfoCard({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3 rounded-xl border bg-card p-4">
      <span aria-hidden className="mt-0.5 text-primary [&_svg]:size-5">
        {icon}
      </span>
      <div>
        <h2 className="font-semibold text-foreground">{title}</h2>
        <p className="mt-1 leading-relaxed">{children}</p>
      </div>
    </div>
  );
}

function ContactForm() {
  const form = useValidatedForm({
    schema: CreateContactMessageRequest,
    initial: EMPTY,
    fields: FIELDS,
    idPrefix: 'contact',
  });
  const { values, update, fieldId, errorFor, setServerErrors, readyToSubmit, reset } = form;
  // The confirmation stays on the page (the toast goes): the cleared form alone would leave the
  // sender wondering whether the message left.
  const [sentFrom, setSentFrom] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: contactApi.send,
    onSuccess: (_, request) => {
      toast.success(CONTACT_MESSAGES.sentTitle, { description: CONTACT_MESSAGES.sentDescription });
      setSentFrom(request.email);
      reset();
    },
    onError: (error) => {
      setServerErrors(serverFieldErrors(error));
      toast.error(CONTACT_MESSAGES.failedTitle, { description: CONTACT_MESSAGES.failedDescription });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readyToSubmit()) return;
    send.mutate(values);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Contact Us"
      className="flex flex-col gap-5 rounded-xl border bg-card p-5 shadow-xs sm:p-8"
    >
      {sentFrom && (
        <div role="status" className="flex gap-3 rounded-lg border border-success/30 bg-success/10 px-4 py-3 text-sm text-foreground">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          <p>
            <span className="font-semibold">{CONTACT_MESSAGES.sentTitle}</span> {CONTACT_MESSAGES.sentDescription} We will
            answer at <span className="font-medium break-all">{sentFrom}</span>.
          </p>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" required id={fieldId('name')} error={errorFor('name')}>
          <Input name="name" autoComplete="name" value={values.name} onChange={(e) => update('name', e.target.value)} />
        </FormField>
        <FormField label="Email" required id={fieldId('email')} error={errorFor('email')}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => update('email', e.target.value)}
          />
        </FormField>
      </div>
      <FormField label="Subject" required id={fieldId('subject')} error={errorFor('subject')}>
        <Input name="subject" value={values.subject} onChange={(e) => update('subject', e.target.value)} />
      </FormField>
      <FormField label="Message" required id={fieldId('message')} error={errorFor('message')}>
        <Textarea
          name="message"
          rows={6}
          value={values.message}
          onChange={(e) => update('message', e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" className="self-start max-sm:w-full" disabled={send.isPending}>
        {send.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
