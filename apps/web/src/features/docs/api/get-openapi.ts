import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { TOpenApiDoc } from '../lib/openapi';
import { docsKeys } from './keys';

/** The server's OpenAPI document (public, the same one /api/docs shows). */
export const getOpenApi = () => api<TOpenApiDoc>('/api/openapi.json', { auth: false });
export const useOpenApi = () => useQuery({ queryKey: docsKeys.openapi, queryFn: getOpenApi, staleTime: 5 * 60_000 });
