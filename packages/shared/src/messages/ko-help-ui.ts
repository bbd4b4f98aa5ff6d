// Korean texts (issue 33): help-ui.
export const koHelpUi = {
} as const;
