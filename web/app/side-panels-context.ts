import { createContext, useContext } from 'react';

export type SidePanel = 'saved-searches' | 'saved-lists';

export type SidePanelsContextValue = {
  /** The panel currently open, if any (only one at a time). */
  openPanel: SidePanel | null;
  open: (panel: SidePanel) => void;
  close: () => void;
};

/**
 * Its own module: the provider (side-panels.tsx) loads the panels lazily, and the panels read
 * this context, so neither imports the other (no import cycle in web/, ADR 059).
 */
export const SidePanelsContext = createContext<SidePanelsContextValue | null>(null);

/** Open/close the Saved Searches and Saved Lists side panels from anywhere under the layout. */
export function useSidePanels(): SidePanelsContextValue {
  const value = useContext(SidePanelsContext);
  if (!value) throw new Error('useSidePanels must be used inside <SidePanelsProvider>');
  return value;
}
