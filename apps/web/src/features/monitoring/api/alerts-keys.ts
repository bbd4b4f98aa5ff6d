/** Query keys of the advisors and alerts parts of the monitoring page. */
export const alertsKeys = {
  advisors: ['monitoring', 'advisors'] as const,
  alerts: ['monitoring', 'alerts'] as const,
};
