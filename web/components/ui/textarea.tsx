import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';
import { controlClassName } from './input';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(controlClassName, 'min-h-20 py-2 leading-relaxed', className)}
      {...props}
    />
  );
}
