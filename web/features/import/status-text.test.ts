import { describe, expect, it } from 'vitest';
import { importStatusText, importStatusVariant } from './status-text';

const summary = (malformed: number) => ({ skipped: { malformed } }) as never;

describe('importStatusText', () => {
  it("says 'finished with N lines skipped' when lines could not be read, 'Finished' only when none", () => {
    expect(importStatusText({ status: 'finished', summary: summary(0) })).toBe('Finished');
    expect(importStatusText({ status: 'finished', summary: summary(1) })).toBe('Finished with 1 line skipped');
    expect(importStatusText({ status: 'finished', summary: summary(1200) })).toBe('Finished with 1,200 lines skipped');
    expect(importStatusVariant({ status: 'finished', summary: summary(3) })).toBe('warning');
    expect(importStatusVariant({ status: 'finished', summary: summary(0) })).toBe('success');
    expect(importStatusText({ status: 'running', summary: null })).toBe('Importing');
    expect(importStatusText({ status: 'failed', summary: null })).toBe('Failed');
  });
});
