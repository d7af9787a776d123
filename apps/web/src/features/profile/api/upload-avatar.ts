import type { User } from '@ludoterm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

const UPLOAD_TIMEOUT_MS = 120_000;

/** `POST /auth/avatar` multipart {file}: answers the user with the new `avatar_url`. */
export async function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.post<User>('/auth/avatar', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: UPLOAD_TIMEOUT_MS,
  });
  return data;
}

export function useUploadAvatar({
  onSuccess,
}: { onSuccess?: (user: User) => void | Promise<void> } = {}) {
  return useMutation({ mutationFn: uploadAvatar, onSuccess });
}
