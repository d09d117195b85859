import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { GraduationCap, Loader2, Plus, X } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import {
  CreateSubmissionRequest,
  normaliseLinkedinUrl,
  OTHER_SPECIALTY,
  SUBMISSION_MESSAGES,
  type SubmissionEducation,
} from '@contract/submissions';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { serverFieldErrors } from '@web/features/auth/form-errors';
import { useValidatedForm } from '@web/features/auth/use-validated-form';
import { useSpecialtyCounts } from '@web/features/directory/api';
import { isApiError } from '@web/lib/api';
import { submissionsApi } from './api';
import { addEducation, addSkill, canAddEducation, canAddSkill, removeAt, specialtyOptions } from './resume-lists';

const INITIAL = {
  firstName: '',
  middleName: '',
  lastName: '',
  title: '',
  companyName: '',
  specialty: '',
  otherSpecialty: '',
  email: '',
  phone: '',
  location: '',
  linkedinUrl: '',
  education: [] as SubmissionEducation[],
  skills: [] as string[],
};

// Screen order: a failed submit focuses the first invalid one.
const FIELDS = [
  'firstName',
  'lastName',
  'title',
  'companyName',
  'specialty',
  'otherSpecialty',
  'email',
  'phone',
  'location',
  'linkedinUrl',
] as const;

/** /submit-resume: a physician sends a resume for the operators to review (docs/rules.md#resumes). */
export function SubmitResumePage() {
  const navigate = useNavigate();
  const specialties = useSpecialtyCounts();
  const form = useValidatedForm({ schema: CreateSubmissionRequest, initial: INITIAL, fields: FIELDS, idPrefix: 'resume' });
  const { values, update, fieldId, errorFor, setServerErrors, readyToSubmit } = form;

  useEffect(() => {
    if (specialties.isError) toast.error(SUBMISSION_MESSAGES.specialtiesFailed);
  }, [specialties.isError]);

  const submit = useMutation({
    mutationFn: submissionsApi.create,
    onSuccess: () => {
      toast.success(SUBMISSION_MESSAGES.submitted, { description: SUBMISSION_MESSAGES.checkEmail });
      void navigate('/success');
    },
    onError: (error) => {
      setServerErrors(serverFieldErrors(error));
      // A refusal the visitor can act on (a field, the suppression list) says why.
      const description = isApiError(error) && error.isClientError ? error.message : undefined;
      toast.error(SUBMISSION_MESSAGES.failed, { description });
    },
  });

  const loadingSpecialties = specialties.isPending;
  const options = specialtyOptions(specialties.data?.map((s) => s.specialty) ?? [], OTHER_SPECIALTY);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readyToSubmit()) return;
    submit.mutate({
      ...values,
      linkedinUrl: normaliseLinkedinUrl(values.linkedinUrl),
      otherSpecialty: values.specialty === OTHER_SPECIALTY ? values.otherSpecialty : '',
    });
  }

  const text = (field: (typeof FIELDS)[number], label: string, props: { required?: boolean; autoComplete?: string; type?: string; placeholder?: string; onBlur?: () => void } = {}) => (
    <FormField label={label} required={props.required} id={fieldId(field)} error={errorFor(field)}>
      <Input
        name={field}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        value={values[field]}
        onChange={(e) => update(field, e.target.value)}
        onBlur={props.onBlur}
      />
    </FormField>
  );

  return (
    <div className="flex-1 bg-gradient-to-b from-primary-soft/60 via-surface to-background">
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">Submit Your Resume</h1>
          <p className="mx-auto mt-3 max-w-xl text-[15px] leading-relaxed text-muted-foreground">
            Physicians and candidates: send us your details to be listed in the directory. Our team reviews each
            submission and emails you once your profile is approved.
          </p>
        </div>
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Submit Your Resume"
          className="flex flex-col gap-8 rounded-xl border bg-card p-5 shadow-xs sm:p-8"
        >
          <FormSection title="Personal information">
            <div className="grid gap-5 sm:grid-cols-3">
              {text('firstName', 'First Name', { required: true, autoComplete: 'given-name' })}
              <FormField label="Middle Name" id="resume-middleName">
                <Input
                  name="middleName"
                  autoComplete="additional-name"
                  value={values.middleName}
                  onChange={(e) => update('middleName', e.target.value)}
                />
              </FormField>
              {text('lastName', 'Last Name', { required: true, autoComplete: 'family-name' })}
            </div>
          </FormSection>

          <FormSection title="Professional details">
            <div className="grid gap-5 sm:grid-cols-2">
              {text('title', 'Physician Title', { required: true, placeholder: 'e.g. Attending Cardiologist' })}
              {text('companyName', 'Company Name', { required: true, autoComplete: 'organization' })}
              <Select
                name="specialty"
                value={values.specialty}
                onValueChange={(value) => {
                  // The select refuses an option with an empty value (as the spec's form did).
                  if (value) update('specialty', value);
                }}
                disabled={loadingSpecialties}
              >
                {/* The field wraps the trigger (the root renders no element to label). */}
                <FormField label="Specialty" required id={fieldId('specialty')} error={errorFor('specialty')}>
                  <SelectTrigger>
                    <SelectValue placeholder={loadingSpecialties ? 'Loading specialties...' : 'Select a specialty'} />
                  </SelectTrigger>
                </FormField>
                <SelectContent>
                  {options.map((option) => (
                    <SelectItem key={option} value={option}>
                      {option}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {values.specialty === OTHER_SPECIALTY &&
                text('otherSpecialty', 'Other Specialty', { required: true, placeholder: 'Your specialty' })}
            </div>
          </FormSection>

          <FormSection title="Contact information">
            <div className="grid gap-5 sm:grid-cols-2">
              {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
              {text('phone', 'Phone', { required: true, type: 'tel', autoComplete: 'tel', placeholder: '(555) 123-4567' })}
              {text('location', 'Location', { required: true, placeholder: 'City, State' })}
              {text('linkedinUrl', 'LinkedIn URL', {
                type: 'url',
                placeholder: 'linkedin.com/in/your-name',
                onBlur: () => update('linkedinUrl', normaliseLinkedinUrl(values.linkedinUrl)),
              })}
            </div>
          </FormSection>

          <EducationSection entries={values.education} onChange={(education) => update('education', education)} />
          <SkillsSection skills={values.skills} onChange={(skills) => update('skills', skills)} />

          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto sm:self-end"
            disabled={submit.isPending || loadingSpecialties}
          >
            {submit.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {submit.isPending ? 'Submitting...' : 'Submit Resume'}
          </Button>
        </form>
      </div>
    </div>
  );
}

function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-4 text-lg font-semibold text-foreground">{title}</legend>
      {description && <p className="-mt-3 text-sm text-muted-foreground">{description}</p>}
      {children}
    </fieldset>
  );
}

/** Enter in a sub-form's input adds the entry instead of submitting the whole resume. */
function onEnter(action: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };
}

function EducationSection({ entries, onChange }: { entries: SubmissionEducation[]; onChange: (entries: SubmissionEducation[]) => void }) {
  const [draft, setDraft] = useState<SubmissionEducation>({ schoolName: '', degree: '' });
  const ready = canAddEducation(draft);
  function add() {
    if (!ready) return;
    onChange(addEducation(entries, draft));
    setDraft({ schoolName: '', degree: '' });
    document.getElementById('resume-education-school')?.focus();
  }
  return (
    <FormSection title="Education" description="Optional. Add each school with the degree you earned there.">
      {entries.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Education entries">
          {entries.map((entry, index) => (
            <li key={`${entry.schoolName}-${entry.degree}-${index}`} className="flex items-center gap-3 rounded-lg border bg-surface px-3 py-2">
              <GraduationCap className="size-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 flex-1 text-sm break-words">
                <span className="font-medium text-foreground">{entry.schoolName}</span>
                <span className="text-muted-foreground">, {entry.degree}</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove education ${entry.schoolName}, ${entry.degree}`}
                onClick={() => onChange(removeAt(entries, index))}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <FormField label="School Name" id="resume-education-school">
          <Input
            value={draft.schoolName}
            onChange={(e) => setDraft({ ...draft, schoolName: e.target.value })}
            onKeyDown={onEnter(add)}
          />
        </FormField>
        <FormField label="Degree" id="resume-education-degree">
          <Input
            value={draft.degree}
            placeholder="e.g. MD"
            onChange={(e) => setDraft({ ...draft, degree: e.target.value })}
            onKeyDown={onEnter(add)}
          />
        </FormField>
        <Button type="button" variant="outline" onClick={add} disabled={!ready}>
          <Plus aria-hidden />
          Add Education
        </Button>
      </div>
    </FormSection>
  );
}

function SkillsSection({ skills, onChange }: { skills: string[]; onChange: (skills: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const ready = canAddSkill(skills, draft);
  function add() {
    if (!ready) return;
    onChange(addSkill(skills, draft));
    setDraft('');
  }
  const duplicate = draft.trim() !== '' && !ready;
  return (
    <FormSection title="Skills" description="Optional. Add one skill at a time.">
      {skills.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Skills">
          {skills.map((skill, index) => (
            <li key={skill} className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary-soft py-1 pr-1 pl-3 text-sm text-accent-foreground">
              <span className="min-w-0 break-words">{skill}</span>
              <button
                type="button"
                aria-label={`Remove skill ${skill}`}
                onClick={() => onChange(removeAt(skills, index))}
                className="flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField label="Skill" id="resume-skill" help={duplicate ? 'Already in the list.' : undefined}>
          <Input value={draft} placeholder="e.g. Echocardiography" onChange={(e) => setDraft(e.target.value)} onKeyDown={onEnter(add)} />
        </FormField>
        <Button type="button" variant="outline" onClick={add} disabled={!ready}>
          <Plus aria-hidden />
          Add Skill
        </Button>
      </div>
    </FormSection>
  );
}
