import { useState } from 'react';
import { Mail } from 'lucide-react';
import type { PhysicianSummary } from '@contract/directory';
import { useCan } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { formatNumber } from '@web/lib/utils';
import { ComposeDialog } from './compose-dialog';

/** 'Email list' on a list's page (ADR 066): Monthly and Annual plans. */
export function EmailListButton({ listId, count, sample }: { listId: string; count: number; sample: PhysicianSummary | null }) {
  const canSend = useCan('outreach:send');
  const [open, setOpen] = useState(false);
  if (!canSend || count === 0) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Mail aria-hidden />
        Email list
      </Button>
      {open && (
        <ComposeDialog
          open={open}
          onOpenChange={setOpen}
          recipients={{ source: 'list', listId }}
          label={`The whole list (${formatNumber(count)} ${count === 1 ? 'physician' : 'physicians'})`}
          sample={sample}
        />
      )}
    </>
  );
}
