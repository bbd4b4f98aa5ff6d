// Korean texts (issue 33): help-checklist.
export const koHelpChecklist = {
} as const;
