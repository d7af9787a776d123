import type { Glossary } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '@/features/auth/hooks/use-session.ts';
import {
  ExtractorWorkspace,
  type TargetGlossary,
} from '@/features/extraction/components/extractor-workspace.tsx';
import { PlanRequired } from '@/features/extraction/components/plan-required.tsx';
import { canUseExtractor } from '@/features/extraction/utils/extractor-access.ts';
import { glossaryKeys } from '@/features/glossaries/api/query-keys.ts';
import { GlossarySelector } from '@/features/glossaries/components/glossary-selector.tsx';

/**
 * /extractor — Extractor de términos: the form, statistics and candidates (extraction
 * feature) with the glossary selector (glossaries feature) as the target. The free plan and
 * an ended trial see the spec's message instead of the form.
 */
export function ExtractorRoute() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [glossary, setGlossary] = useState<Glossary | null>(null);
  if (!user) return null;
  if (!canUseExtractor(user)) return <PlanRequired />;

  const target: TargetGlossary | null = glossary;
  return (
    <ExtractorWorkspace
      glossary={target}
      renderGlossarySelector={(error) => (
        <GlossarySelector
          label={es.extractor.glossaryLabel}
          value={glossary?.nombre_seguro ?? null}
          onChange={(_slug, chosen) => setGlossary(chosen)}
          writableOnly
          error={error}
        />
      )}
      onAdded={() => {
        // num_entradas changed, and so did the glossary's entry lists.
        void queryClient.invalidateQueries({ queryKey: glossaryKeys.all });
        if (glossary)
          void queryClient.invalidateQueries({ queryKey: ['entries', glossary.nombre_seguro] });
      }}
    />
  );
}
