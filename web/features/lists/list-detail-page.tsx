import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Pencil, Search, Trash2, UserMinus, X } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import type { PhysicianList } from '@contract/lists';
import { useDocumentTitle } from '@web/app/document-title';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { PhysicianCard, PhysicianCardSkeleton } from '@web/features/physicians/physician-card';
import { fullName } from '@web/features/physicians/physician-format';
import { ResultsPagination } from '@web/components/results-pagination';
import { ExportMenu } from '@web/features/exports/export-menu';
import { PushButton } from '@web/features/integrations/push-button';
import { EmailListButton } from '@web/features/outreach/email-button';
import { readPage, readText } from '@web/lib/search-params';
import { isApiError } from '@web/lib/api';
import { formatNumber } from '@web/lib/utils';
import { useListDetail, useRemoveFromList, useUpdateList } from './api';
import { ListFields, type ListFieldValues } from './list-fields';
import { SharedBadge } from '@web/components/team-sharing';
import { DeleteListDialog } from './my-lists-page';
import { physicianCount } from './saved-lists-panel';

/** /lists/{listId}: one list, searched within on the server, 25 members a page. */
export function ListDetailPage() {
  const { listId = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readText(searchParams, 'query');
  const page = readPage(searchParams);
  const detail = useListDetail(listId, query, page);
  const remove = useRemoveFromList();
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<PhysicianList | null>(null);

  const notFound = isApiError(detail.error) && detail.error.status === 404;
  useEffect(() => {
    if (notFound) {
      toast.error('List not found', {
        description: 'The requested list does not exist or you do not have permission to view it.',
      });
      void navigate('/directory', { replace: true });
    } else if (detail.isError) {
      toast.error('Error', { description: 'Failed to load list details' });
    }
  }, [notFound, detail.isError, navigate]);

  const data = detail.data;
  useDocumentTitle(data?.list.name);
  const matching = data?.matchingIds ?? [];
  const selected = new Set(selectedIds);
  const selectedMatching = matching.filter((id) => selected.has(id)).length;
  const allSelected = matching.length > 0 && selectedMatching === matching.length;

  const setSearch = (next: { query?: string; page?: number }) => {
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next.query !== undefined) {
          if (next.query.trim()) params.set('query', next.query.trim());
          else params.delete('query');
          params.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) params.set('page', String(next.page));
          else params.delete('page');
        }
        return params;
      },
      { replace: true },
    );
  };

  const toggleAll = () => setSelectedIds(allSelected ? [] : matching);
  const toggleOne = (id: number) =>
    setSelectedIds((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  const onRemove = async () => {
    if (selectedIds.length === 0) {
      toast.error('Selection Required', { description: 'Please select at least one physician to remove.' });
      return;
    }
    try {
      const result = await remove.mutateAsync({ listId, physicianIds: selectedIds.slice(0, 500) });
      toast.success('Physicians Removed', {
        description: `Removed ${physicianCount(result.removed)} from the list.`,
      });
      setSelectedIds([]);
    } catch {
      toast.error('Error', { description: 'Failed to remove physicians from list' });
    }
  };

  /** The remove button beside one card: that physician only, whatever is selected. */
  const onRemoveOne = async (id: number) => {
    try {
      const result = await remove.mutateAsync({ listId, physicianIds: [id] });
      toast.success('Physicians Removed', {
        description: `Removed ${physicianCount(result.removed)} from the list.`,
      });
      setSelectedIds((ids) => ids.filter((other) => other !== id));
    } catch {
      toast.error('Error', { description: 'Failed to remove physicians from list' });
    }
  };

  if (!data) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8" aria-busy>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="mt-3 h-5 w-96 max-w-full" />
        <div className="mt-8 flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <PhysicianCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }

  const { list } = data;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Link
        to="/lists"
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        My Lists
      </Link>

      <header className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground sm:text-3xl">
            {list.name}
          </h1>
          {list.description && <p className="mt-1 text-slate-700">{list.description}</p>}
          <p className="mt-1 text-sm text-muted-foreground">
            {physicianCount(list.physicianCount)}
            {list.shared && <> · <SharedBadge createdBy={list.createdBy} /></>}
          </p>
        </div>
        <div className={list.canManage ? 'flex shrink-0 gap-2' : 'hidden'}>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={() => setDeleting(list)}
          >
            <Trash2 aria-hidden />
            Delete list
          </Button>
        </div>
      </header>

      <SearchWithin query={query} onSearch={(text) => setSearch({ query: text })} />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-surface px-4 py-3">
        <div className="flex items-center gap-3">
          <Checkbox
            id="list-select-all"
            checked={allSelected ? true : selectedMatching > 0 ? 'indeterminate' : false}
            onCheckedChange={toggleAll}
            disabled={matching.length === 0}
            className="size-5"
          />
          <Label htmlFor="list-select-all" className="cursor-pointer text-sm">
            Select All ({formatNumber(matching.length)})
          </Label>
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {formatNumber(selectedIds.length)} selected
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void onRemove()} disabled={remove.isPending}>
            <UserMinus aria-hidden />
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
          {/* The selected members of this list; the server checks they belong to it. */}
          <ExportMenu physicianIds={selectedIds} listId={listId} label="Export" variant="outline" />
          <EmailListButton listId={listId} count={list.physicianCount} sample={data.results[0] ?? null} />
          <PushButton
            variant="outline"
            size="sm"
            label="Push list"
            target={{ request: { source: 'list', listId }, label: `The whole list (${formatNumber(list.physicianCount)} ${list.physicianCount === 1 ? 'physician' : 'physicians'})` }}
          />
        </div>
      </div>

      <div className="mt-4 flex flex-col gap-3">
        {data.results.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center">
            <p className="text-muted-foreground">
              {query
                ? 'No physicians matching your search in this list.'
                : 'This list is empty. Add physicians from the directory.'}
            </p>
            <Button asChild>
              <Link to="/directory">Go to Directory</Link>
            </Button>
          </div>
        ) : (
          <ul
            className="flex flex-col gap-3"
            aria-label="Physicians in this list"
            aria-busy={detail.isPlaceholderData}
          >
            {data.results.map((physician) => (
              <li key={physician.id} className="flex items-start gap-1.5">
                <div className="min-w-0 flex-1">
                  <PhysicianCard
                    physician={physician}
                    linkBase="/physicians"
                    inAts={data.inAts.includes(physician.id)}
                    selected={selected.has(physician.id)}
                    onSelectedChange={() => toggleOne(physician.id)}
                  />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-1.5 size-8 shrink-0 text-muted-foreground hover:text-destructive"
                  aria-label={`Remove ${fullName(physician)} from this list`}
                  title="Remove from this list"
                  disabled={remove.isPending}
                  onClick={() => void onRemoveOne(physician.id)}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <ResultsPagination
          page={data.page}
          pageCount={data.pageCount}
          onPageChange={(next) => {
            if (next >= 1 && next <= data.pageCount) setSearch({ page: next });
          }}
          className="pt-2"
        />
      </div>

      <EditListDialog list={editing ? list : null} onClose={() => setEditing(false)} />
      <DeleteListDialog
        list={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => void navigate('/lists', { replace: true })}
      />
    </div>
  );
}

function SearchWithin({ query, onSearch }: { query: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(query);
  const [shown, setShown] = useState(query);
  if (query !== shown) {
    setShown(query);
    setDraft(query);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  return (
    <form role="search" onSubmit={submit} className="mt-6 flex gap-2">
      <Label htmlFor={id} className="sr-only">
        Search within this list
      </Label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={id}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Search within this list..."
          maxLength={200}
          className="h-10 pl-9"
        />
      </div>
      <Button type="submit" variant="secondary" className="h-10">
        Search
      </Button>
    </form>
  );
}

/** Rename a list and edit its description. */
function EditListDialog({ list, onClose }: { list: PhysicianList | null; onClose: () => void }) {
  return (
    <Dialog open={list !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        {list && <EditListForm list={list} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditListForm({ list, onClose }: { list: PhysicianList; onClose: () => void }) {
  const update = useUpdateList();
  const [fields, setFields] = useState<ListFieldValues>({
    name: list.name,
    description: list.description ?? '',
    shared: list.shared,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields.name.trim() || update.isPending) return;
    try {
      const { shared, ...text } = fields;
      await update.mutateAsync({ listId: list.id, ...text, ...(shared !== list.shared ? { shared } : {}) });
      toast.success('List Updated', { description: 'Your changes have been saved.' });
      onClose();
    } catch (error) {
      toast.error('Failed to process list', {
        description: (isApiError(error) && error.message) || 'An unexpected error occurred',
      });
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>Edit List</DialogTitle>
        <DialogDescription>Rename the list or change its description.</DialogDescription>
      </DialogHeader>
      <ListFields values={fields} onChange={setFields} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending || fields.name.trim() === ''}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
