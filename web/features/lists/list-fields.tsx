import { LIST_DESCRIPTION_MAX, LIST_NAME_MAX } from '@contract/lists';
import { ShareWithTeam } from '@web/components/team-sharing';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';

export type ListFieldValues = { name: string; description: string; shared: boolean };

type ListFieldsProps = {
  values: ListFieldValues;
  onChange: (values: ListFieldValues) => void;
  /** Creating a list suggests a name; editing shows the current one. */
  namePlaceholder?: string;
  autoFocus?: boolean;
  /** Whether the caller may change the sharing (a shared list's creator, owners and admins). */
  canShare?: boolean;
};

/** A list's name (required) and description (optional): Add to Physician List and Edit List. */
export function ListFields({ values, onChange, namePlaceholder, autoFocus = false, canShare = true }: ListFieldsProps) {
  return (
    <div className="flex flex-col gap-4">
      <FormField label="List name">
        <Input
          value={values.name}
          onChange={(event) => onChange({ ...values, name: event.target.value })}
          maxLength={LIST_NAME_MAX}
          placeholder={namePlaceholder}
          autoFocus={autoFocus}
          required
        />
      </FormField>
      <FormField
        label={
          <>
            Description <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
      >
        <Textarea
          value={values.description}
          onChange={(event) => onChange({ ...values, description: event.target.value })}
          maxLength={LIST_DESCRIPTION_MAX}
          rows={3}
        />
      </FormField>
      {canShare && <ShareWithTeam checked={values.shared} onChange={(shared) => onChange({ ...values, shared })} what="list" />}
    </div>
  );
}
