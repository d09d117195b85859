import { afterEach, vi } from 'vitest';

// console.error during a test fails it: an error logged is an error hidden.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length) {
    const logged = errors.splice(0).map((args) => args.map(String).join(' '));
    throw new Error(`console.error was called during the test:\n${logged.join('\n')}`);
  }
});
