/** Query keys of the health part of the monitoring page and of the database page. */
export const healthKeys = {
  all: ['monitoring', 'health'] as const,
  instances: ['monitoring', 'health', 'instances'] as const,
  jobs: ['monitoring', 'health', 'jobs'] as const,
  database: ['monitoring', 'database'] as const,
};
