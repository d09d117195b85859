import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { SavedListsPanel } from '@web/features/lists/saved-lists-panel';
import { SavedSearchesPanel } from '@web/features/saved-searches/saved-searches-panel';
import { Sheet, SheetBody, SheetContent, SheetHeader, SheetTitle } from '@web/components/ui/sheet';

export type SidePanel = 'saved-searches' | 'saved-lists';

type SidePanelsContextValue = {
  /** The panel currently open, if any (only one at a time). */
  openPanel: SidePanel | null;
  open: (panel: SidePanel) => void;
  close: () => void;
};

const SidePanelsContext = createContext<SidePanelsContextValue | null>(null);

/** Open/close the Saved Searches and Saved Lists side panels from anywhere under the layout. */
export function useSidePanels(): SidePanelsContextValue {
  const value = useContext(SidePanelsContext);
  if (!value) throw new Error('useSidePanels must be used inside <SidePanelsProvider>');
  return value;
}

export function SidePanelsProvider({ children }: { children: ReactNode }) {
  const [openPanel, setOpenPanel] = useState<SidePanel | null>(null);
  const open = useCallback((panel: SidePanel) => setOpenPanel(panel), []);
  const close = useCallback(() => setOpenPanel(null), []);
  const value = useMemo(() => ({ openPanel, open, close }), [openPanel, open, close]);

  return (
    <SidePanelsContext value={value}>
      {children}
      <SidePanelSheet panel="saved-searches" title="Saved Searches">
        <SavedSearchesPanel onClose={close} />
      </SidePanelSheet>
      <SidePanelSheet panel="saved-lists" title="Saved Lists">
        <SavedListsPanel onClose={close} />
      </SidePanelSheet>
    </SidePanelsContext>
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
