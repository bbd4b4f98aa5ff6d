// For web tests: jsdom has no ResizeObserver, and Radix parts (checkbox, select, popover) measure themselves.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
