import type { ReactNode } from 'react';
import { Skeleton } from '@web/components/ui/skeleton';
import { TableCell, TableRow } from '@web/components/ui/table';

/**
 * The body of an admin table: one full-width row while it loads, when it failed (an alert) or
 * when it has nothing to show; else its rows.
 */
export function TableStates({
  columns,
  loading,
  error,
  empty,
  children,
}: {
  columns: number;
  loading: boolean;
  /** The failure, as the operator should read it; nothing when the load did not fail. */
  error?: string | false | null;
  /** The text when there are no rows; nothing when there are. */
  empty: ReactNode | false;
  children: ReactNode;
}) {
  if (loading)
    return (
      <TableRow>
        <TableCell colSpan={columns}>
          <Skeleton className="h-8" />
        </TableCell>
      </TableRow>
    );
  if (error)
    return (
      <TableRow>
        <TableCell colSpan={columns} role="alert" className="py-6 text-center text-destructive">
          {error}
        </TableCell>
      </TableRow>
    );
  if (empty !== false)
    return (
      <TableRow>
        <TableCell colSpan={columns} className="py-10 text-center text-muted-foreground">
          {empty}
        </TableCell>
      </TableRow>
    );
  return children;
}
