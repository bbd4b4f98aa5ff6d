/**
 * The help article that fixes an error code (issue 33): the error handler adds it to the JSON error as `helpUrl`.
 * Placeholder until the help module's article index is built.
 */
export function helpUrlOf(_code: string): string | undefined {
  return undefined;
}
