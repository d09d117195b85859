import { useId } from 'react';
import { SPECIALTIES, type Specialty } from '@contract/directory-options';
import type { Submission } from '@contract/admin';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

/** Whether approving this submission needs the operator's choice of one of the 18 (its specialty is 'Other'). */
export const needsSpecialtyChoice = (s: Pick<Submission, 'specialty'>) =>
  !(SPECIALTIES as readonly string[]).includes(s.specialty.trim());

/**
 * The specialty an 'Other' resume is approved under: one of the 18, starting from the nearest to
 * what its author typed (ADR 035). The typed words become the physician's sub-specialty.
 */
export function SpecialtyChoice({
  submission,
  name,
  value,
  disabled,
  onChange,
}: {
  submission: Submission;
  name: string;
  value: Specialty | null;
  disabled?: boolean;
  onChange: (specialty: Specialty) => void;
}) {
  const id = useId();
  return (
    <div className="flex w-full min-w-0 flex-col gap-1 sm:w-52">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        List as ({submission.otherSpecialty ?? submission.specialty} as sub-specialty)
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
    </div>
  );
}
