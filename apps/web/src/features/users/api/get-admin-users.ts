import { ADMIN_PAGE_SIZE, TOTAL_COUNT_HEADER, type AdminUser } from '@ludoterm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const adminUsersKey = ['users', 'admin'] as const;

export interface AdminUsersQuery {
  pagina: number;
  /** Case-insensitive substring of the e-mail; empty for everyone. */
  email: string;
  porPagina?: number;
}

export interface UserPage {
  users: AdminUser[];
  total: number;
}

/** `GET /admin/users?pagina=&por_pagina=&email=`: one page of accounts, with the total. */
export async function getAdminUsers({
  pagina,
  email,
  porPagina = ADMIN_PAGE_SIZE,
}: AdminUsersQuery): Promise<UserPage> {
  const query = new URLSearchParams({ pagina: String(pagina), por_pagina: String(porPagina) });
  if (email.trim()) query.set('email', email.trim());
  const { data, headers } = await api.get<AdminUser[]>(`/admin/users?${query}`);
  const total = Number(
    (headers as Record<string, unknown>)[TOTAL_COUNT_HEADER.toLowerCase()] ?? data.length,
  );
  return { users: data, total: Number.isFinite(total) ? total : data.length };
}

export function adminUsersQueryOptions(query: AdminUsersQuery) {
  return queryOptions({
    queryKey: [...adminUsersKey, query],
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
