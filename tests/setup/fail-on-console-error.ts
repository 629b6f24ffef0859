import { afterEach, beforeEach, vi } from 'vitest';
import { format } from 'node:util';

// Any console.error during a test is a failure: it means something went wrong that no assertion saw.
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(format(...args));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.join('\n')}`);
  }
});
