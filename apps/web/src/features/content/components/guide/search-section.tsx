import { List, Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function SearchSection() {
  return (
    <GuideSection id="guia-buscar" title="Buscar" to={paths.search} linkLabel="Ir a Buscar">
      <Text>
        Busca a la vez en todos los glosarios a los que tienes acceso (los tuyos y los compartidos
        contigo; los de la papelera no). Mayúsculas, tildes y diéresis dan igual: «pocion» encuentra
        «Poción», «strasse» encuentra «Straße» y el apóstrofo tipográfico ’ cuenta como '.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          Búsqueda rápida: escribe parte de un término, en cualquiera de los dos idiomas, y pulsa
          Intro. Con una o dos letras busca los términos que empiezan por ellas; con tres o más, los
          que las contienen en cualquier posición. El subíndice, opcional, acota el resultado (o
          busca por sí solo si dejas el término vacío).
        </List.Item>
        <List.Item>
          Primero aparecen las coincidencias exactas, luego los términos que empiezan por lo que
          escribiste, después los que tienen una palabra que empieza así y por último el resto, cada
          grupo en orden alfabético. La ñ cuenta: con «año», «año» va antes que «ano».
        </List.Item>
        <List.Item>
          Búsqueda avanzada: elige un campo de la ficha (definición, contexto en un idioma, notas…) y
          escribe un valor. Sin campo o sin valor verás «Elige un campo y escribe un valor.».
        </List.Item>
        <List.Item>
          Cada resultado muestra su glosario y marca lo que ha coincidido; al desplegarlo ves la
          ficha entera y «Copiar a otro glosario». «Mostrar más» carga los siguientes. Si hay más de
          1000 resultados se muestran los 1000 mejores: escribe algo más concreto para ver el resto.
        </List.Item>
      </List>
    </GuideSection>
  );
}
