// Korean texts of the docs module (issue 33).
export const koDocs = {
} as const;
