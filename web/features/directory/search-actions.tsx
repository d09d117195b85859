import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { SavedSearchParams } from '@contract/saved-searches';
import { SELECT_ALL_MAX } from '@contract/limits';
import { useSidePanels } from '@web/app/side-panels-context';
import { AddToListDialog } from '@web/features/lists/add-to-list-dialog';
import { fetchSelectAll } from './api';
import { SaveSearchDialog } from '@web/features/saved-searches/save-search-dialog';
import { BookmarkPlus, CheckSquare, Download, EllipsisVertical, History, ListPlus, Mail, Send, SquareStack } from 'lucide-react';
import { useBullhornConnection } from '@web/features/integrations/connection';
import { toast } from '@web/components/ui/toast';
import { requiredTierFor, type Capability, type PaidTier } from '@contract/account';
import { FREE_RESULT_CAP } from '@contract/limits';
import type { PhysicianSummary } from '@contract/directory';
import { useCan, useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { SubscriptionGate } from '@web/components/subscription-gate';
import { useGoToLogin } from '@web/app/login-link';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { ExportFormatItems, ExportMenu, useExportSelected } from '@web/features/exports/export-menu';
import { cn, formatNumber } from '@web/lib/utils';
import { isPageSelected, type Selection, type SelectionOutcome } from './selection';

/** The spec's notices for a selection change that was cut short or refused. */
export function announceSelectionOutcome(outcome: SelectionOutcome) {
  switch (outcome.kind) {
    case 'capped':
      toast('Free Limit Reached', {
        description: `You can select up to ${outcome.cap} physicians on the free plan. Upgrade to select more.`,
      });
      break;
    case 'over-cap':
      toast.error('Subscription Required', {
        description: `You can only select up to ${outcome.cap} physicians with a free account`,
      });
      break;
    case 'all-mode':
      toast('Selection Mode Active', {
        description: "Deselect 'Select All' first to make individual selections",
      });
      break;
    default:
      break;
  }
}

type SearchActionsProps = {
  selection: Selection;
  /** The cards on screen (Select Page). */
  cards: PhysicianSummary[];
  loading: boolean;
  /** Save Search is disabled when there is no query and no filter. */
  hasCriteria: boolean;
  /** The search as the API reads it (query, every filter, sort): Select All and Save Search send it. */
  apiSearch: string;
};

/** 'Push to Bullhorn' loads with its first use: the search page's first script stays as it was. */
const PushDialog = lazy(() => import('@web/features/integrations/push-dialog').then((m) => ({ default: m.PushDialog })));
/** 'Email Selected' (ADR 066) too: the compose dialog and the outreach contract load when it first opens. */
const ComposeDialog = lazy(() => import('@web/features/outreach/compose-dialog').then((m) => ({ default: m.ComposeDialog })));

/** The search to keep in a saved search: everything but the page. */
export function savedSearchParams(apiSearch: string): SavedSearchParams {
  const params = new URLSearchParams(apiSearch);
  params.delete('page');
  return Object.fromEntries(params) as SavedSearchParams;
}

/**
 * Save Search, Saved Searches, Select Page, Select All, Add to List, Export Selected
 * (docs/rules.md#selection, #exports), Email Selected (ADR 066), Push to Bullhorn (ADR 064). Each is gated by the capability it needs (the server enforces the
 * same). One state for two presentations: the toolbar's row of buttons where it fits
 * (SearchActionBar) and one 'Actions' menu where it does not (SearchActionsMenu, phones);
 * `dialogs` is rendered once.
 */
export function useSearchActions({ selection, cards, loading, hasCriteria, apiSearch }: SearchActionsProps) {
  const panels = useSidePanels();
  const [saveOpen, setSaveOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [selectingAll, setSelectingAll] = useState(false);
  const me = useMe();
  const canSelectUnlimited = useCan('selection:unlimited');
  const canSelectAll = useCan('selection:all');
  const canAddToList = useCan('lists:add');
  // 'Push to Bullhorn' (ADR 064) is offered once the caller's team (or the caller) connected it.
  const canPush = useCan('integrations:use');
  const bullhorn = useBullhornConnection(canPush);
  const pushAvailable = canPush && bullhorn.data?.status === 'connected';
  const [pushOpen, setPushOpen] = useState(false);
  // 'Email Selected' (ADR 066): Monthly and Annual plans, as 'Email list' on a list's page.
  const emailAvailable = useCan('outreach:send');
  const [emailOpen, setEmailOpen] = useState(false);
  const [gateTier, setGateTier] = useState<PaidTier | null>(null);
  const exporter = useExportSelected({ physicianIds: selection.ids });
  // Each 'log in first' toast offers the way there, and back to this search.
  const goToLogin = useGoToLogin();
  const login = { label: 'Log in', onClick: goToLogin };

  const cap = canSelectUnlimited ? null : FREE_RESULT_CAP;
  const pageSelected = isPageSelected(selection.state, cards, cap);
  const count = selection.count;

  const gate = (capability: Capability) => setGateTier(requiredTierFor(capability) ?? 'basic');

  const onSaveSearch = () => {
    if (!me.isSignedIn) {
      toast.error('Authentication required', { description: 'You need to be logged in to save searches.', action: login });
      return;
    }
    setSaveOpen(true);
  };

  const onSavedSearches = () => {
    if (!me.isSignedIn) {
      toast.error('Authentication required', { description: 'You need to be logged in to save searches.', action: login });
      return;
    }
    panels.open('saved-searches');
  };

  const onSelectPage = () => {
    if (pageSelected) {
      selection.deselectPage(cards);
      return;
    }
    announceSelectionOutcome(selection.selectPage(cards, cap));
  };

  const onSelectAll = async () => {
    if (selection.mode === 'all') {
      selection.clear();
      return;
    }
    if (!me.isSignedIn) {
      toast.error('Authentication Required', { description: 'Please log in to select all results', action: login });
      return;
    }
    if (!canSelectAll) return gate('selection:all');
    if (selectingAll) return;
    setSelectingAll(true);
    try {
      // Up to 500 ids of the whole current search (query, every filter, sort), from the server.
      const { ids } = await fetchSelectAll(apiSearch);
      selection.selectAll(ids, cards);
      const suffix = ids.length >= SELECT_ALL_MAX ? ' (maximum limit)' : '';
      toast.success('Results Selected', { description: `Selected ${formatNumber(ids.length)} physicians${suffix}` });
    } catch {
      toast.error('Error', { description: 'Failed to select all results' });
    } finally {
      setSelectingAll(false);
    }
  };

  const onAddToList = () => {
    if (!me.isSignedIn) {
      toast.error('Authentication required', {
        description: 'You need to be logged in to create or update lists.',
        action: login,
      });
      return;
    }
    if (!canAddToList) return gate('lists:add');
    if (count === 0) {
      toast.error('No physicians selected', {
        description: 'Please select at least one physician to add to the list.',
      });
      return;
    }
    setAddOpen(true);
  };

  const onPush = () => {
    if (count === 0) {
      toast.error('No physicians selected', { description: 'Please select at least one physician to push to Bullhorn.' });
      return;
    }
    setPushOpen(true);
  };

  const onEmail = () => {
    if (count === 0) {
      toast.error('No physicians selected', { description: 'Please select at least one physician to email.' });
      return;
    }
    setEmailOpen(true);
  };
  // The preview's recipient: the first selected physician whose card the page has seen.
  const sample = selection.ids.map((id) => selection.state.physicians[id]).find(Boolean) ?? null;

  const dialogs: ReactNode = (
    <>
      {pushAvailable && pushOpen && (
        <Suspense fallback={null}>
          <PushDialog
            open={pushOpen}
            onOpenChange={setPushOpen}
            target={{ request: { source: 'selection', physicianIds: selection.ids }, label: `${formatNumber(count)} selected ${count === 1 ? 'physician' : 'physicians'}` }}
          />
        </Suspense>
      )}
      {emailAvailable && emailOpen && (
        <Suspense fallback={null}>
          <ComposeDialog
            open={emailOpen}
            onOpenChange={setEmailOpen}
            recipients={{ source: 'selection', physicianIds: selection.ids }}
            label={`${formatNumber(count)} selected ${count === 1 ? 'physician' : 'physicians'}`}
            sample={sample}
          />
        </Suspense>
      )}
      <SaveSearchDialog open={saveOpen} onOpenChange={setSaveOpen} params={savedSearchParams(apiSearch)} />
      <AddToListDialog open={addOpen} onOpenChange={setAddOpen} physicianIds={selection.ids} />
      <SubscriptionGate
        open={gateTier !== null}
        onOpenChange={(open) => !open && setGateTier(null)}
        requiredTier={gateTier ?? undefined}
      />
      {exporter.gate}
    </>
  );

  return {
    selection,
    count,
    saveDisabled: loading || !hasCriteria,
    selectPageDisabled: cards.length === 0,
    pageSelected,
    selectingAll,
    exporter,
    onSaveSearch,
    onSavedSearches,
    onSelectPage,
    onSelectAll,
    onAddToList,
    pushAvailable,
    onPush,
    emailAvailable,
    onEmail,
    dialogs,
  };
}

export type SearchActionsState = ReturnType<typeof useSearchActions>;

function selectAllLabel(actions: SearchActionsState): string {
  if (actions.selectingAll) return 'Selecting...';
  return actions.selection.mode === 'all' ? 'Deselect All' : 'Select All';
}

/** The actions as a row of buttons (where the results column is wide enough for one line). */
export function SearchActionBar({ actions, className }: { actions: SearchActionsState; className?: string }) {
  const { count } = actions;
  return (
    <div
      role="group"
      aria-label="Search and selection actions"
      className={cn('flex flex-nowrap items-center gap-2 [&>button]:shrink-0', className)}
    >
      {/* Until the column is wide, these two show their icon (the header has the same ones). */}
      <Button
        variant="outline"
        size="sm"
        onClick={actions.onSaveSearch}
        disabled={actions.saveDisabled}
        title="Save Search"
      >
        <BookmarkPlus aria-hidden />
        <span className="sr-only @5xl:not-sr-only">Save Search</span>
      </Button>
      <Button variant="outline" size="sm" onClick={actions.onSavedSearches} title="Saved Searches">
        <History aria-hidden />
        <span className="sr-only @5xl:not-sr-only">Saved Searches</span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={actions.onSelectPage}
        disabled={actions.selectPageDisabled}
        aria-pressed={actions.pageSelected}
      >
        <CheckSquare aria-hidden />
        {actions.pageSelected ? 'Deselect Page' : 'Select Page'}
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void actions.onSelectAll()}
        aria-pressed={actions.selection.mode === 'all'}
        aria-busy={actions.selectingAll || undefined}
      >
        <SquareStack aria-hidden />
        {selectAllLabel(actions)}
      </Button>
      <Button variant="secondary" size="sm" onClick={actions.onAddToList}>
        <ListPlus aria-hidden />
        Add to List ({formatNumber(count)})
      </Button>
      <ExportMenu
        physicianIds={actions.selection.ids}
        label={`Export Selected (${formatNumber(count)})`}
        className="shrink-0"
      />
      {actions.emailAvailable && (
        <Button variant="outline" size="sm" onClick={actions.onEmail} title="Email Selected">
          <Mail aria-hidden />
          <span className="sr-only">Email Selected ({formatNumber(count)})</span>
        </Button>
      )}
      {actions.pushAvailable && (
        <Button variant="outline" size="sm" onClick={actions.onPush} title="Push to Bullhorn">
          <Send aria-hidden />
          <span className="sr-only">Push to Bullhorn</span>
        </Button>
      )}
    </div>
  );
}

/**
 * The same actions in one menu (narrow results column: phones, tablets). Export Selected opens
 * its formats as a submenu once the spec's checks pass. `extra`: the view choice, when the
 * toolbar has no room for its switch.
 */
export function SearchActionsMenu({
  actions,
  extra,
  className,
}: {
  actions: SearchActionsState;
  extra?: ReactNode;
  className?: string;
}) {
  const { count, exporter } = actions;
  const exportLabel = `Export Selected (${formatNumber(count)})`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className={cn('shrink-0 gap-1.5 px-2.5', className)}>
          <EllipsisVertical aria-hidden />
          {/* The Selected tab beside it counts the selection; a phone has no room for it twice. */}
          <span className="sr-only @sm:not-sr-only">Actions</span>
        </Button>
      </DropdownMenuTrigger>
      {/* A phone's screen may be shorter than the menu: it scrolls within the space it has. */}
      <DropdownMenuContent
        align="end"
        className="max-h-(--radix-dropdown-menu-content-available-height) w-60 overflow-y-auto"
      >
        <DropdownMenuLabel className="text-xs text-muted-foreground">Selection</DropdownMenuLabel>
        <DropdownMenuItem onSelect={actions.onSelectPage} disabled={actions.selectPageDisabled}>
          <CheckSquare aria-hidden />
          {actions.pageSelected ? 'Deselect Page' : 'Select Page'}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void actions.onSelectAll()} disabled={actions.selectingAll}>
          <SquareStack aria-hidden />
          {selectAllLabel(actions)}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={actions.onAddToList}>
          <ListPlus aria-hidden />
          Add to List ({formatNumber(count)})
        </DropdownMenuItem>
        {exporter.isPending ? (
          <DropdownMenuItem disabled>
            <Download aria-hidden />
            Exporting...
          </DropdownMenuItem>
        ) : (
          <ExportSubmenu label={exportLabel} exporter={exporter} />
        )}
        {actions.emailAvailable && (
          <DropdownMenuItem onSelect={actions.onEmail}>
            <Mail aria-hidden />
            Email Selected ({formatNumber(count)})
          </DropdownMenuItem>
        )}
        {actions.pushAvailable && (
          <DropdownMenuItem onSelect={actions.onPush}>
            <Send aria-hidden />
            Push to Bullhorn ({formatNumber(count)})
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs text-muted-foreground">Search</DropdownMenuLabel>
        <DropdownMenuItem onSelect={actions.onSaveSearch} disabled={actions.saveDisabled}>
          <BookmarkPlus aria-hidden />
          Save Search
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={actions.onSavedSearches}>
          <History aria-hidden />
          Saved Searches
        </DropdownMenuItem>
        {extra}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ExportSubmenu({ label, exporter }: { label: string; exporter: SearchActionsState['exporter'] }) {
  const [open, setOpen] = useState(false);
  return (
    <DropdownMenuSub
      open={open}
      onOpenChange={(next) => {
        // The formats open only when an export may start; otherwise the check says why.
        if (!next) setOpen(false);
        else if (exporter.check()) setOpen(true);
      }}
    >
      <DropdownMenuSubTrigger>
        <Download aria-hidden />
        {label}
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent className="w-56">
        <ExportFormatItems onExport={exporter.run} />
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}
