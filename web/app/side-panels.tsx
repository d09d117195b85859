import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { SidePanelsContext, type SidePanel } from './side-panels-context';

// The panels (and the dialog code behind them) load when one is first opened (ADR 021).
const SidePanelSheets = lazy(() => import('./side-panel-sheets').then((m) => ({ default: m.SidePanelSheets })));

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
