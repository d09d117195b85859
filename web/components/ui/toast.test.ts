import { describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

describe('toast', () => {
  it('keeps the toasts made before sonner has loaded, in order, with their options', async () => {
    toast('Selection Mode Active', { description: 'first' });
    toast.error('Session expired', { description: 'second' });
    toast.success('Logged out');
    const { toast: sonner } = await import('sonner');
    await vi.waitFor(() => expect(sonner.getHistory()).toHaveLength(3));
    expect(sonner.getHistory().map((shown) => ['title' in shown ? shown.title : null, 'type' in shown ? shown.type : null])).toEqual([
      ['Selection Mode Active', undefined],
      ['Session expired', 'error'],
      ['Logged out', 'success'],
    ]);
    expect(sonner.getHistory()[1]).toMatchObject({ description: 'second' });

    // Once loaded, a toast goes straight through.
    toast.error('Export failed');
    expect(sonner.getHistory()).toHaveLength(4);
  });
});
