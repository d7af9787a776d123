import type { Entry } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { showToast } from '@/components/ui/toast.tsx';

/**
 * The notice that an entry was saved and, one each, what the server changed in it (its
 * `avisos`, e.g. a second preferred term made admitted). Those stay until closed: the entry is
 * not quite what the user wrote, and a notice that fades could go unread.
 */
export function showSavedNotices(text: string, saved: Pick<Entry, 'avisos'>): void {
  showToast({ tone: 'success', text });
  for (const aviso of saved.avisos ?? []) {
    showToast({ tone: 'warning', text: format(es.entries.adjusted, { aviso }), autoClose: false });
  }
}
