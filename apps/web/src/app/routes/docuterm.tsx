import { DocutermTable } from '@/features/content/components/docuterm-table.tsx';

/** /docuterm — Modelo DocuTerm. */
export function DocutermRoute() {
  return <DocutermTable />;
}
