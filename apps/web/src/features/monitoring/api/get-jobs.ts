import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJobsResponse } from '@suite/shared/schemas/monitoring';
import { api } from '@/lib/api';
import { healthKeys } from './health-keys';

/** GET /api/admin/monitoring/jobs (platform admins): queue depth per kind, failed jobs, schedules. */
export const getJobs = () => api<TJobsResponse>('/api/admin/monitoring/jobs');
export const jobsQuery = () => queryOptions({ queryKey: healthKeys.jobs, queryFn: getJobs, refetchInterval: 15_000 });
export const useJobs = () => useQuery(jobsQuery());
