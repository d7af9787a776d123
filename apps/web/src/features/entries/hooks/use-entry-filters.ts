import type { ReviewState } from '@ludoterm/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export interface EntryFilters {
  /** The search box as typed. */
  search: string;
  /** The search the list asks for: trimmed, and only once typing pauses. */
  q: string;
  /** A–Z or Z–A by the base-language term. */
  orden: 'asc' | 'desc';
  /** Only entries in this review state; null for all. */
  estado: ReviewState | null;
  setSearch: (search: string) => void;
  setOrden: (orden: 'asc' | 'desc') => void;
  setEstado: (estado: ReviewState | null) => void;
}

/** What the entries list is narrowed to and sorted by: the search, the order and the review state. */
export function useEntryFilters(): EntryFilters {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [orden, setOrden] = useState<'asc' | 'desc'>('asc');
  const [estado, setEstado] = useState<ReviewState | null>(null);
  return { search, q, orden, estado, setSearch, setOrden, setEstado };
}
