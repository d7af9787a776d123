import { List, Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function ExportSection() {
  return (
    <GuideSection id="guia-exportar" title="Exportar" to={paths.export} linkLabel="Ir a Exportar">
      <Text>
        Elige un glosario y un formato y pulsa «Exportar»: se descarga entero, en el orden
        alfabético de su idioma base, como <code>nombre-del-glosario.formato</code>. Cualquiera
        que vea el glosario puede exportarlo, también quien lo tiene compartido como lector.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          <strong>JSON</strong>: la copia de seguridad de LudoTerm. Se vuelve a importar tal cual,
          con todos los campos de la ficha, el autor y las fechas.
        </List.Item>
        <List.Item>
          <strong>CSV</strong> (UTF-8): para Excel o LibreOffice y para importar el glosario en
          memoQ, Phrase, Crowdin o Smartcat; una columna por idioma (<code>es</code>,{' '}
          <code>en</code>…) y otra por campo. Las celdas que empiezan por = + - @ llevan un
          apóstrofo delante para que la hoja de cálculo no las tome por fórmulas; LudoTerm lo
          quita al volver a importarlas.
        </List.Item>
        <List.Item>
          <strong>Excel (XLSX)</strong>: un libro con una hoja y las mismas columnas que el CSV,
          todos los términos y sus estados incluidos. Las celdas son texto, así que ninguna se
          toma por fórmula; se vuelve a importar en LudoTerm sin asignar columnas.
        </List.Item>
        <List.Item>
          <strong>TSV</strong>: el glosario de OmegaT y CafeTran (término, traducción y un
          comentario con el resto de la ficha). Los saltos de línea de un campo pasan a ser
          espacios.
        </List.Item>
        <List.Item>
          <strong>TMX 1.4b</strong>: memoria de traducción para Trados Studio, memoQ, OmegaT,
          Phrase o Wordfast. Los campos sin sitio en TMX viajan como propiedades{' '}
          <code>x-ludoterm-…</code>, así que el archivo vuelve a LudoTerm sin perder nada.
        </List.Item>
        <List.Item>
          <strong>TBX</strong>: base terminológica para Trados/MultiTerm, memoQ, Phrase, Crowdin o
          Smartcat. Elige TBX v2 (TBX-Basic), la que abren casi todas, o TBX v3 (ISO 30042:2019)
          si tu herramienta ya la admite.
        </List.Item>
        <List.Item>
          <strong>PDF</strong>: un diccionario para leer e imprimir en A4, con portada, secciones
          por letra, una ficha por entrada y números de página. No se vuelve a importar.
        </List.Item>
        <List.Item>
          Los comentarios privados solo salen en el JSON, y solo los que puedes ver en LudoTerm:
          todos si el glosario es tuyo, los tuyos si eres quien creó la entrada.
        </List.Item>
        <List.Item>
          Un glosario grande o un PDF pueden tardar: la página muestra lo descargado y puedes
          cancelar. Si algo falla, el mensaje empieza por ❌ y dice por qué.
        </List.Item>
      </List>
    </GuideSection>
  );
}
