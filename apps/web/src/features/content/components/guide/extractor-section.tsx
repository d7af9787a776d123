import { List, Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function ExtractorSection() {
  return (
    <GuideSection
      id="guia-extractor"
      title="Extractor"
      to={paths.extractor}
      linkLabel="Ir al Extractor"
    >
      <Text>
        Sube un documento (TXT, CSV, DOCX o PDF con texto) o pega un texto en español o en inglés y
        pulsa «Procesar»: LudoTerm propone términos candidatos («poción de salud», «jefe final»…)
        ordenados por lo característicos que son de ese texto, con su categoría, su frecuencia, sus
        variantes y una frase de contexto.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          La frecuencia mínima (de 1 a 10; 2 por defecto) deja fuera los candidatos que aparecen
          menos veces. Las stopwords predeterminadas descartan palabras vacías; en modo
          personalizado las sustituyes por las tuyas, escritas o en un archivo .txt.
        </List.Item>
        <List.Item>
          Verás las estadísticas, un gráfico de los candidatos más frecuentes y la lista, que puedes
          filtrar por categoría, frecuencia y puntuación, y ordenar. Los términos que ya están en
          alguno de tus glosarios llevan la marca «Ya en:» con sus nombres.
        </List.Item>
        <List.Item>
          Elige un glosario de destino, abre un candidato para completar la ficha (término en el
          otro idioma, categoría, definición, contexto, notas) y pulsa «Añadir», o marca varios y
          pulsa «Añadir seleccionados». La ficha guarda la frase como contexto y el nombre del
          documento como su fuente; los que el glosario ya tiene no se repiten.
        </List.Item>
        <List.Item>
          Un PDF escaneado necesita antes un reconocimiento de texto (OCR). El extractor forma parte
          del plan Pro (y de la prueba Pro mientras dura); en el plan gratuito no está disponible.
        </List.Item>
      </List>
    </GuideSection>
  );
}
