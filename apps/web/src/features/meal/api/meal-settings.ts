import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TMealSettingsInput,
  TMealTeamInput,
  TMealTeamPatch,
  ZMealSettingsResponse,
  ZMealTeamResponse,
  ZMealTeamsResponse,
} from '@suite/shared/schemas/meal-policy';
import type { ZMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

type TSettingsResponse = z.infer<typeof ZMealSettingsResponse>;
type TTeamResponse = z.infer<typeof ZMealTeamResponse>;
type TTeamsResponse = z.infer<typeof ZMealTeamsResponse>;
type TMessage = z.infer<typeof ZMessageResponse>;

const settingsKey = (seedId: string) => [...mealKeys.all(seedId), 'settings'] as const;
const teamsKey = (seedId: string) => [...mealKeys.all(seedId), 'teams'] as const;

export const getMealSettings = (seedId: string) => api<TSettingsResponse>(`/api/seeds/${seedId}/meal-settings`).then((r) => r.data);
export const mealSettingsQuery = (seedId: string) => queryOptions({ queryKey: settingsKey(seedId), queryFn: () => getMealSettings(seedId) });
export const useMealSettings = (seedId: string) => useQuery(mealSettingsQuery(seedId));

export const listMealTeams = (seedId: string) => api<TTeamsResponse>(`/api/seeds/${seedId}/meal-teams`).then((r) => r.data);
export const useMealTeams = (seedId: string) => useQuery(queryOptions({ queryKey: teamsKey(seedId), queryFn: () => listMealTeams(seedId) }));

/** Settings and teams change the policy view everywhere (forms, ledger, report): refresh the whole meal cache of the seed. */
function useMealMutation<TIn, TOut>(seedId: string, fn: (input: TIn) => Promise<TOut>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: mealKeys.all(seedId) }) });
}

export const useSaveMealSettings = (seedId: string) =>
  useMealMutation(seedId, (body: TMealSettingsInput) => api<TSettingsResponse>(`/api/seeds/${seedId}/meal-settings`, { method: 'PUT', body }));

export const useCreateMealTeam = (seedId: string) =>
  useMealMutation(seedId, (body: TMealTeamInput) => api<TTeamResponse>(`/api/seeds/${seedId}/meal-teams`, { method: 'POST', body }));

export const useUpdateMealTeam = (seedId: string) =>
  useMealMutation(seedId, ({ teamId, body }: { teamId: string; body: TMealTeamPatch }) =>
    api<TTeamResponse>(`/api/seeds/${seedId}/meal-teams/${teamId}`, { method: 'PATCH', body }),
  );

export const useDeleteMealTeam = (seedId: string) =>
  useMealMutation(seedId, (teamId: string) => api<TMessage>(`/api/seeds/${seedId}/meal-teams/${teamId}`, { method: 'DELETE' }));

export const useSetMealTeamMembers = (seedId: string) =>
  useMealMutation(seedId, ({ teamId, userIds }: { teamId: string; userIds: string[] }) =>
    api<TTeamResponse>(`/api/seeds/${seedId}/meal-teams/${teamId}/members`, { method: 'PUT', body: { userIds } }),
  );
