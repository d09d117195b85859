import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

export const controlClassName = cn(
  'w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs',
  'placeholder:text-muted-foreground transition-[border-color,box-shadow] duration-150',
  'focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/25',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
  'read-only:bg-muted read-only:focus-visible:ring-0',
  'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/20',
);

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        controlClassName,
        'h-10 py-2 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      {...props}
    />
  );
}
