import { useId } from 'react';
import { SPECIALTIES, type Specialty } from '@contract/directory-options';
import type { Submission } from '@contract/admin';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { cn } from '@web/lib/utils';
import { subSpecialtyOnApproval } from './format';

/** Whether approving this submission needs the operator's choice of one of the 18 (its specialty is 'Other'). */
export const needsSpecialtyChoice = (s: Pick<Submission, 'specialty'>) =>
  !(SPECIALTIES as readonly string[]).includes(s.specialty.trim());

/**
 * The specialty an 'Other' resume is approved under: one of the 18, starting from the nearest to
 * what its author typed (ADR 035), and the sub-specialty that gives it, said under the choice
 * (ADR 052: an ENT resume is Otolaryngology under General Surgery). Tables draw it under the name
 * on phones and above the buttons from `sm` up (one of the two is hidden).
 */
export function SpecialtyChoice({
  submission,
  name,
  value,
  disabled,
  onChange,
  className,
}: {
  submission: Submission;
  name: string;
  value: Specialty | null;
  disabled?: boolean;
  onChange: (specialty: Specialty) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex w-full min-w-0 max-w-52 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs text-muted-foreground">
        List &lsquo;{submission.otherSpecialty ?? submission.specialty}&rsquo; under
      </label>
      <Select value={value ?? undefined} onValueChange={(next) => onChange(next as Specialty)} disabled={disabled}>
        <SelectTrigger id={id} className="h-8" aria-label={`Specialty for ${name}`}>
          <SelectValue placeholder="Choose a specialty" />
        </SelectTrigger>
        <SelectContent>
          {SPECIALTIES.map((specialty) => (
            <SelectItem key={specialty} value={specialty}>
              {specialty}
              {specialty === submission.suggestedSpecialty ? ' (suggested)' : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {value && (
        <p className="text-xs text-muted-foreground">
          Sub-specialty: <span className="font-medium text-foreground">{subSpecialtyOnApproval(submission, value)}</span>
        </p>
      )}
    </div>
  );
}
