import { cn } from '@web/lib/utils';
import { initials } from './physician-format';

// Calm tints that keep AA contrast with their text; picked by id so a person keeps their colour.
const TINTS = [
  'bg-primary-soft text-primary',
  'bg-brand-teal-soft text-brand-teal',
  'bg-amber-50 text-amber-800',
  'bg-violet-50 text-violet-800',
  'bg-rose-50 text-rose-800',
  'bg-sky-50 text-sky-800',
];

/** The records carry no photo: the avatar is the first letters of first and last name. */
export function PhysicianAvatar({
  id,
  firstName,
  lastName,
  size = 'md',
  className,
}: {
  id: number;
  firstName: string;
  lastName: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-semibold tracking-wide ring-1 ring-black/5 select-none',
        size === 'lg' ? 'size-20 text-2xl sm:size-24 sm:text-3xl' : size === 'sm' ? 'size-10 text-sm' : 'size-12 text-base',
        TINTS[Math.abs(id) % TINTS.length],
        className,
      )}
    >
      {initials(firstName, lastName)}
    </span>
  );
}
