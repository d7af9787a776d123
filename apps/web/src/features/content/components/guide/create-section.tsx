import { List, Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function CreateSection() {
  return (
    <GuideSection
      id="guia-crear"
      title="Crear / Importar"
      to={paths.create}
      linkLabel="Ir a Crear / Importar"
    >
      <Text>
        Crea un glosario con un nombre, su lengua base y su lengua meta (español, inglés, francés o
        alemán; por defecto, de español a inglés), o importa entradas a uno existente.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          Para importar, pulsa «Seleccionar» en el glosario de destino y arrastra el archivo a la
          zona de importación (o haz clic en ella): CSV, TSV (también .txt y .tab), Excel (.xlsx),
          JSON, TMX o TBX, de hasta 10 MB. El formato se deduce de la extensión y LudoTerm comprueba
          que el contenido lo sea.
        </List.Item>
        <List.Item>
          Si el archivo tiene cabeceras (una hoja de cálculo, o un JSON con claves propias), aparece
          una tabla con cada columna y un ejemplo de su contenido: asígnala a un término, a un campo
          de la ficha, a las notas o ignórala, y vuelve a pulsar «Importar al glosario». De un libro
          de Excel se lee la primera hoja, como un CSV. Un CSV sin cabeceras se lee por posición:
          término base, término meta y notas. Los TMX y TBX (Trados, memoQ, Phrase, Crowdin…) y el
          JSON de LudoTerm se importan directamente.
        </List.Item>
        <List.Item>
          Se omiten, y se cuentan, las entradas repetidas (los dos términos iguales sin contar
          mayúsculas ni tildes, en el glosario o en el propio archivo) y las que no tienen ninguno
          de los dos idiomas del glosario; si solo tienen uno, se importan con el otro vacío.
        </List.Item>
        <List.Item>
          La importación es de todo o nada: si algo falla, el mensaje dice qué y en qué línea o
          unidad del archivo, y no se guarda ninguna entrada. Corrígelo y vuelve a importarlo.
        </List.Item>
        <List.Item>
          «Seleccionar» elige el glosario al que se importa; «Eliminar» lo envía a la papelera, tras
          confirmarlo.
        </List.Item>
        <List.Item>
          Los glosarios eliminados pasan a la papelera y se pueden restaurar durante 30 días; la
          papelera muestra los días que quedan y, pasado ese plazo, se borran con sus entradas.
        </List.Item>
      </List>
    </GuideSection>
  );
}
