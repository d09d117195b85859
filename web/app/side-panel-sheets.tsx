import type { ReactNode } from 'react';
import { SavedListsPanel } from '@web/features/lists/saved-lists-panel';
import { SavedSearchesPanel } from '@web/features/saved-searches/saved-searches-panel';
import { Sheet, SheetBody, SheetContent, SheetHeader, SheetTitle } from '@web/components/ui/sheet';
import { useSidePanels, type SidePanel } from './side-panels-context';

/** The Saved Searches and Saved Lists side panels (side-panels.tsx loads this on first use). */
export function SidePanelSheets() {
  const { close } = useSidePanels();
  return (
    <>
      <SidePanelSheet panel="saved-searches" title="Saved Searches">
        <SavedSearchesPanel onClose={close} />
      </SidePanelSheet>
      <SidePanelSheet panel="saved-lists" title="Saved Lists">
        <SavedListsPanel onClose={close} />
      </SidePanelSheet>
    </>
  );
}

function SidePanelSheet({
  panel,
  title,
  children,
}: {
  panel: SidePanel;
  title: string;
  children?: ReactNode;
}) {
  const { openPanel, open, close } = useSidePanels();
  return (
    <Sheet open={openPanel === panel} onOpenChange={(isOpen) => (isOpen ? open(panel) : close())}>
      <SheetContent side="right" aria-describedby={undefined} className="gap-0 sm:max-w-md">
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
        </SheetHeader>
        <SheetBody className="py-5">{children}</SheetBody>
      </SheetContent>
    </Sheet>
  );
}
