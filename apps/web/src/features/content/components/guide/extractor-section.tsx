import { Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function ExtractorSection() {
  return (
    <GuideSection id="guia-extractor" title="Extractor" to={paths.extractor} linkLabel="Ir al Extractor">
      <Text>
        Sube un documento (TXT, CSV, DOCX o PDF) o pega un texto en español o en inglés y LudoTerm
        propone términos candidatos con su frecuencia, su categoría y una frase de contexto.
        Ajusta la frecuencia mínima y las palabras vacías, revisa los candidatos y añade los que
        te interesen a un glosario. El extractor forma parte de los planes Pro e Institucional.
      </Text>
    </GuideSection>
  );
}
