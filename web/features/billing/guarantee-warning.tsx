import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { MoneyBackGuarantee } from '@contract/billing';
import { useMe } from '@web/app/session';
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
import { formatDate } from '@web/lib/utils';
import { billingSubscriptionQuery } from './api';

type Pending = { run: () => void; until: string | null };

/**
 * Irreversible steps warn first (ADR 036): every download of contacts (Export Selected, a
 * list's export, the profile PDF, an enriched spreadsheet) ends the 30-day money-back guarantee.
 * `confirm(run)` asks the server whether the guarantee is active right now (its own answer, not
 * a cached one: a first payment may have landed in another tab) and, if so, asks the user once,
 * naming it, with 'Export anyway'; otherwise it runs at once. A check that fails asks too, in
 * general words: better one question too many than a guarantee lost unawares. Render `dialog` once.
 */
export function useGuaranteeWarning(): { confirm: (run: () => void) => Promise<void>; dialog: ReactNode; checking: boolean } {
  const me = useMe();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [checking, setChecking] = useState(false);

  async function confirm(run: () => void) {
    if (!me.isSignedIn) return run();
    let guarantee: MoneyBackGuarantee | null = null;
    setChecking(true);
    try {
      guarantee = (await queryClient.fetchQuery(billingSubscriptionQuery(me))).guarantee;
    } catch {
      guarantee = null;
    } finally {
      setChecking(false);
    }
    if (guarantee && guarantee.state !== 'active') return run();
    setPending({ run, until: guarantee?.state === 'active' ? guarantee.until : null });
  }

  const exportAnyway = () => {
    const step = pending;
    setPending(null);
    step?.run();
  };

  const dialog = (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>This export ends your money-back guarantee</AlertDialogTitle>
          <AlertDialogDescription>
            {pending?.until
              ? `Your 30-day money-back guarantee lets you ask for a full refund until ${formatDate(pending.until)}. `
              : 'Your 30-day money-back guarantee may still be running. '}
            Exported contacts cannot be given back, so exporting ends the guarantee: after this export, no refund can be
            requested.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={exportAnyway}>Export anyway</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  return { confirm, dialog, checking };
}

