import { isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@web/lib/utils';
import { Label } from './label';

type FormFieldProps = {
  label: ReactNode;
  /** Exactly one control (Input, Textarea, SelectTrigger, Checkbox, Switch...). */
  children: ReactElement;
  /** Help text under the control. */
  help?: ReactNode;
  /** Validation message; when set the control is marked aria-invalid. */
  error?: string | null;
  /** The control's id; generated when omitted (or taken from the child's own id). */
  id?: string;
  required?: boolean;
  /** 'inline' puts the control before the label (checkboxes, switches). */
  layout?: 'stacked' | 'inline';
  className?: string;
};

/**
 * Label + control + help + error, wired together: the label points at the control, and the
 * control is described by the help and error texts and marked invalid when there is an error.
 */
export function FormField({
  label,
  children,
  help,
  error,
  id,
  required = false,
  layout = 'stacked',
  className,
}: FormFieldProps) {
  const generatedId = useId();
  const childId = isValidElement<{ id?: string }>(children) ? children.props.id : undefined;
  const controlId = id ?? childId ?? `field-${generatedId}`;
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;

  const control = (
    <Slot.Root
      id={controlId}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
    >
      {children}
    </Slot.Root>
  );

  const labelNode = (
    <Label htmlFor={controlId} className={cn(layout === 'inline' && 'leading-snug font-normal')}>
      {label}
      {required && (
        <span className="ml-0.5 text-destructive" aria-hidden>
          *
        </span>
      )}
    </Label>
  );

  const messages = (
    <>
      {help && (
        <p id={helpId} className="text-[13px] leading-snug text-muted-foreground">
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-[13px] leading-snug font-medium text-destructive">
          {error}
        </p>
      )}
    </>
  );

  if (layout === 'inline') {
    return (
      <div data-slot="form-field" className={cn('flex items-start gap-3', className)}>
        <div className="pt-0.5">{control}</div>
        <div className="flex flex-col gap-1">
          {labelNode}
          {messages}
        </div>
      </div>
    );
  }

  return (
    <div data-slot="form-field" className={cn('flex flex-col gap-2', className)}>
      {labelNode}
      {control}
      {messages}
    </div>
  );
}
