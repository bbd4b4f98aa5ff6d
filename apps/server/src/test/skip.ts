import { describe, it } from 'vitest';

/** Registers a skipped suite named `reason`, so a run lists what it did not test and why instead of saying nothing. */
export function skippedSuite(reason: string): void {
  describe.skip(reason, () => {
    it('skipped: the server it needs is not running', () => undefined);
  });
}
