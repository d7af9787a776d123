import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env.ts';
import { api } from '@/lib/api-client.ts';

export interface Health {
  status: string;
  contact_email: string | null;
  version: string | null;
  /** Set when the installation offers Google sign-in. */
  google_client_id?: string | null;
  /** The largest file an import accepts. */
  import_max_bytes?: number;
}

/** `GET /api/health`: public; the footer takes the installation's contact address from it. */
export async function getHealth(): Promise<Health> {
  const { data } = await api.get<Health>('/health', { skipAuth: true });
  return data;
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: getHealth,
    staleTime: Infinity,
    retry: false,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}

/** The contact address for the footer: the server's, or the build-time default until it answers. */
export function useContactEmail(): string {
  const { data } = useHealth();
  return data?.contact_email || env.contactEmail;
}

/** Google's client id when the installation offers Google sign-in, else null. */
export function useGoogleClientId(): string | null {
  const { data } = useHealth();
  return data?.google_client_id || null;
}

/** The largest file an import accepts, once the server has said; null until then. */
export function useImportMaxBytes(): number | null {
  const { data } = useHealth();
  return data?.import_max_bytes ?? null;
}
