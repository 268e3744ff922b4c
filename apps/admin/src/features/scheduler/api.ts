import { schedulerAdminApi } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const schedulerKeys = {
  jobs: ['scheduler', 'jobs'] as const,
  runs: (job: string) => ['scheduler', 'runs', job] as const,
};

export function useSchedulerJobs() {
  return useQuery({
    queryKey: schedulerKeys.jobs,
    queryFn: ({ signal }) => api.call(schedulerAdminApi.jobs, { signal, toast: false }),
  });
}

/** A job's newest runs, newest first (the server keeps 100 per job). */
export function useSchedulerRuns(job: string, limit = 20) {
  return useQuery({
    queryKey: schedulerKeys.runs(job),
    queryFn: ({ signal }) => api.call(schedulerAdminApi.runs, { query: { job, limit }, signal, toast: false }),
  });
}
