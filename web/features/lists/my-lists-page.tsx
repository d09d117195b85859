import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Eye, FolderHeart, Trash2 } from 'lucide-react';
import { SharedBadge } from '@web/components/team-sharing';
import { toast } from '@web/components/ui/toast';
import type { PhysicianList } from '@contract/lists';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { isApiError } from '@web/lib/api';
import { formatNumber } from '@web/lib/utils';
import { useDeleteList, useMyLists } from './api';
import { formatListDate, physicianCount } from './saved-lists-panel';

/** /lists: the signed-in user's lists (docs/rules.md#lists). */
export function MyListsPage() {
  const lists = useMyLists();
  const [toDelete, setToDelete] = useState<PhysicianList | null>(null);

  useEffect(() => {
    if (lists.isError) {
      const detail = isApiError(lists.error) ? ` ${lists.error.message}` : '';
      toast.error('Error', { description: `Could not fetch your lists.${detail}` });
    }
  }, [lists.isError, lists.error, lists.errorUpdatedAt]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">My Lists</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Shortlists of physicians you built from the directory, and those your team shares.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/match-list">Match a list</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/directory">Go to Directory</Link>
          </Button>
        </div>
      </div>

      <div className="mt-8">
        {lists.isPending ? (
          <div className="flex flex-col gap-2" aria-busy aria-label="Loading your lists">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : !lists.data || lists.data.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center">
            <FolderHeart className="size-8 text-muted-foreground" aria-hidden />
            <p className="text-muted-foreground">You have no saved lists yet.</p>
            <Button asChild>
              <Link to="/directory">Go to Directory</Link>
            </Button>
          </div>
        ) : (
          <div className="overflow-x-auto rounded-xl border bg-card">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Physicians</TableHead>
                  <TableHead className="hidden sm:table-cell">Created On</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {lists.data.map((list) => (
                  <TableRow key={list.id}>
                    <TableCell className="max-w-[12rem] font-medium sm:max-w-md">
                      <Link to={`/lists/${list.id}`} className="block truncate hover:text-primary" title={list.name}>
                        {list.name}
                      </Link>
                      {list.shared && (
                        <span className="block text-xs font-normal">
                          <SharedBadge createdBy={list.createdBy} />
                        </span>
                      )}
                      <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                        {physicianCount(list.physicianCount)} · {formatListDate(list.createdAt)}
                      </span>
                    </TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">
                      {formatNumber(list.physicianCount)}
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground sm:table-cell">
                      {formatListDate(list.createdAt)}
                    </TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        <Button asChild variant="ghost" size="sm">
                          <Link to={`/lists/${list.id}`} aria-label={`View ${list.name}`}>
                            <Eye aria-hidden />
                            <span className="hidden sm:inline">View</span>
                          </Link>
                        </Button>
                        {list.canManage && (
                          <Button
                            variant="ghost"
                            size="icon"
                            className="text-muted-foreground hover:text-destructive"
                            aria-label={`Delete ${list.name}`}
                            onClick={() => setToDelete(list)}
                          >
                            <Trash2 className="size-4" aria-hidden />
                          </Button>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </div>

      <DeleteListDialog list={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

/** 'Are you sure?' before deleting a list (docs/rules.md#lists). */
export function DeleteListDialog({
  list,
  onClose,
  onDeleted,
}: {
  list: PhysicianList | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteList();
  const confirm = async () => {
    if (!list) return;
    try {
      await remove.mutateAsync(list.id);
      toast.success('Success', { description: 'List deleted successfully.' });
      onClose();
      onDeleted?.();
    } catch (error) {
      const detail = isApiError(error) ? ` ${error.message}` : '';
      toast.error('Error', { description: `Could not delete list.${detail}` });
    }
  };
  return (
    <AlertDialog open={list !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>
            This action cannot be undone. This will permanently delete the list "{list?.name}" and all its
            physicians.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={remove.isPending}
            onClick={(event) => {
              // Keep the dialog open until the call answers.
              event.preventDefault();
              void confirm();
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
