import { useState } from 'react';
import type { SavedSearchParams } from '@contract/saved-searches';
import { SELECT_ALL_MAX } from '@contract/limits';
import { useSidePanels } from '@web/app/side-panels';
import { AddToListDialog } from '@web/features/lists/add-to-list-dialog';
import { fetchSelectAll } from '@web/features/lists/api';
import { SaveSearchDialog } from '@web/features/saved-searches/save-search-dialog';
import { Bookmark, CheckSquare, History, ListPlus, SquareStack } from 'lucide-react';
import { toast } from 'sonner';
import { requiredTierFor, type Capability, type PaidTier } from '@contract/account';
import { FREE_RESULT_CAP } from '@contract/limits';
import type { PhysicianSummary } from '@contract/directory';
import { useCan, useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { SubscriptionGate } from '@web/components/subscription-gate';
import { ExportMenu } from '@web/features/exports/export-menu';
import { formatNumber } from '@web/lib/utils';
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

/** The search to keep in a saved search: everything but the page. */
export function savedSearchParams(apiSearch: string): SavedSearchParams {
  const params = new URLSearchParams(apiSearch);
  params.delete('page');
  return Object.fromEntries(params) as SavedSearchParams;
}

/**
 * Save Search, Saved Searches, Select Page, Select All, Add to List, Export Selected
 * (document 2, section 2). Each is gated by the capability it needs (the server enforces the
 * same).
 */
export function SearchActions({ selection, cards, loading, hasCriteria, apiSearch }: SearchActionsProps) {
  const panels = useSidePanels();
  const [saveOpen, setSaveOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [selectingAll, setSelectingAll] = useState(false);
  const me = useMe();
  const canSelectUnlimited = useCan('selection:unlimited');
  const canSelectAll = useCan('selection:all');
  const canAddToList = useCan('lists:add');
  const [gateTier, setGateTier] = useState<PaidTier | null>(null);

  const cap = canSelectUnlimited ? null : FREE_RESULT_CAP;
  const pageSelected = isPageSelected(selection.state, cards, cap);
  const count = selection.count;

  const gate = (capability: Capability) => setGateTier(requiredTierFor(capability) ?? 'basic');

  const onSaveSearch = () => {
    if (!me.isSignedIn) {
      toast.error('Authentication required', { description: 'You need to be logged in to save searches.' });
      return;
    }
    setSaveOpen(true);
  };

  const onSavedSearches = () => {
    if (!me.isSignedIn) {
      toast.error('Authentication required', { description: 'You need to be logged in to save searches.' });
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
      toast.error('Authentication Required', { description: 'Please log in to select all results' });
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

  return (
    <>
      <div
        role="group"
        aria-label="Search and selection actions"
        className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center [&>button]:min-w-0"
      >
        <Button variant="outline" size="sm" onClick={onSaveSearch} disabled={loading || !hasCriteria}>
          <Bookmark aria-hidden />
          Save Search
        </Button>
        <Button variant="outline" size="sm" onClick={onSavedSearches}>
          <History aria-hidden />
          Saved Searches
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onSelectPage}
          disabled={cards.length === 0}
          aria-pressed={pageSelected}
        >
          <CheckSquare aria-hidden />
          {pageSelected ? 'Deselect Page' : 'Select Page'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onSelectAll()}
          aria-pressed={selection.mode === 'all'}
          aria-busy={selectingAll || undefined}
        >
          <SquareStack aria-hidden />
          {selectingAll ? 'Selecting...' : selection.mode === 'all' ? 'Deselect All' : 'Select All'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onAddToList}>
          <ListPlus aria-hidden />
          Add to List ({formatNumber(count)})
        </Button>
        <ExportMenu physicianIds={selection.ids} label={`Export Selected (${formatNumber(count)})`} />
      </div>
      <SaveSearchDialog open={saveOpen} onOpenChange={setSaveOpen} params={savedSearchParams(apiSearch)} />
      <AddToListDialog open={addOpen} onOpenChange={setAddOpen} physicianIds={selection.ids} />
      <SubscriptionGate
        open={gateTier !== null}
        onOpenChange={(open) => !open && setGateTier(null)}
        requiredTier={gateTier ?? undefined}
      />
    </>
  );
}
