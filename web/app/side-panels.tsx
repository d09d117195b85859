import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

// The panels (and the dialog code behind them) load when one is first opened (ADR 021).
const SidePanelSheets = lazy(() => import('./side-panel-sheets').then((m) => ({ default: m.SidePanelSheets })));

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
  const [everOpened, setEverOpened] = useState(false);
  const open = useCallback((panel: SidePanel) => {
    setEverOpened(true);
    setOpenPanel(panel);
  }, []);
  const close = useCallback(() => setOpenPanel(null), []);
  const value = useMemo(() => ({ openPanel, open, close }), [openPanel, open, close]);

  return (
    <SidePanelsContext value={value}>
      {children}
      {everOpened && (
        <Suspense fallback={null}>
          <SidePanelSheets />
        </Suspense>
      )}
    </SidePanelsContext>
  );
}
