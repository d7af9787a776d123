import { Anchor, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import classes from './content.module.css';

const features = [
  {
    to: paths.create,
    title: 'Crear e importar glosarios',
    text: 'Glosarios bilingües (español, inglés, francés o alemán) creados desde cero o importados de CSV, TSV, Excel (XLSX), JSON, TMX o TBX.',
  },
  {
    to: paths.entries,
    title: 'Gestionar entradas',
    text: 'Fichas completas con historial de versiones: puedes volver a cualquier versión anterior y deshacer un borrado.',
  },
  {
    to: paths.search,
    title: 'Buscar',
    text: 'Búsqueda rápida por término o subíndice y búsqueda avanzada por cualquier campo de la ficha, en todos tus glosarios.',
  },
  {
    to: paths.copy,
    title: 'Copiar entradas',
    text: 'Reutiliza fichas de un glosario en otro con el mismo par de lenguas, sin duplicar las que ya existen.',
  },
  {
    to: paths.extractor,
    title: 'Extraer candidatos',
    text: 'Propuestas de términos a partir de un documento o de un texto pegado, listas para revisar y añadir a un glosario.',
  },
  {
    to: paths.export,
    title: 'Exportar',
    text: 'Descarga tus glosarios en JSON, CSV, TSV, Excel (XLSX), TMX, TBX o PDF para llevarlos a tu herramienta de traducción o imprimirlos.',
  },
] as const;

/** The about page (/): what LudoTerm is, for whom, its video-game focus and the DocuTerm card. */
export function AboutContent() {
  return (
    <Stack gap="xl" className={classes.prose}>
      <section aria-labelledby="que-es">
        <Title order={2} id="que-es">
          ¿Qué es LudoTerm?
        </Title>
        <Text>
          LudoTerm es una aplicación web de gestión terminológica, en español y en fase BETA, para
          crear y mantener glosarios bilingües. Cada término se documenta en una ficha completa
          —equivalentes, definición, contextos reales, fuentes y notas de traducción— y cada
          cambio queda registrado, de modo que el glosario crece con el proyecto sin perder nada
          por el camino.
        </Text>
      </section>

      <section aria-labelledby="para-quien">
        <Title order={2} id="para-quien">
          ¿Para quién es?
        </Title>
        <List spacing="xs">
          <List.Item>
            <strong>Traductores y localizadores</strong>, que necesitan decisiones terminológicas
            coherentes a lo largo de un proyecto y entre proyectos.
          </List.Item>
          <List.Item>
            <strong>Terminólogos</strong>, que documentan conceptos con fuentes, contextos y
            relaciones, y no solo pares de palabras.
          </List.Item>
          <List.Item>
            <strong>Lingüistas e investigadores</strong>, que estudian cómo se forman y se
            adaptan los términos de un ámbito especializado.
          </List.Item>
          <List.Item>
            <strong>Docentes y estudiantes</strong> de traducción y terminología, que trabajan con
            glosarios compartidos en clase y en prácticas.
          </List.Item>
        </List>
      </section>

      <section aria-labelledby="videojuegos">
        <Title order={2} id="videojuegos">
          Terminología del videojuego
        </Title>
        <Text>
          LudoTerm nace con un enfoque académico centrado en los videojuegos: un ámbito lleno de
          préstamos del inglés (<em>loot</em>, <em>spawn</em>, <em>farmear</em>), calcos
          (<em>jefe final</em>), siglas (<em>RPG</em>, <em>PNJ</em>), metáforas y jerga de
          comunidad, donde además la interfaz impone límites de longitud y cada género tiene su
          propio vocabulario. Por eso la ficha recoge el mecanismo de formación del término, el
          área o género al que pertenece, las variantes y las cuestiones traductológicas.
        </Text>
        <Text>
          Nada impide usarla para otros ámbitos: el modelo de ficha sirve para cualquier
          terminología bilingüe.
        </Text>
      </section>

      <section aria-labelledby="ficha">
        <Title order={2} id="ficha">
          La ficha DocuTerm
        </Title>
        <Text>
          Las entradas siguen el modelo DocuTerm, una ficha terminológica adaptada de un modelo de
          documentación: el término en las dos lenguas del glosario, subíndice, categoría, área,
          mecanismo de formación, definición y fuente, contexto y fuente del contexto en cada
          lengua, relaciones, variantes, cuestiones traductológicas y notas. LudoTerm anota
          además quién creó la entrada y cuándo.{' '}
          <Anchor component={Link} to={paths.docuterm}>
            Consulta todos los campos del modelo DocuTerm
          </Anchor>
          .
        </Text>
      </section>

      <section aria-labelledby="que-puedes-hacer">
        <Title order={2} id="que-puedes-hacer">
          Qué puedes hacer
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mt="sm">
          {features.map((feature) => (
            <div key={feature.to} className={classes.card}>
              <Title order={3} size="h5">
                <Anchor component={Link} to={feature.to}>
                  {feature.title}
                </Anchor>
              </Title>
              <Text size="sm" mt={4}>
                {feature.text}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text mt="md">
          Si es tu primera vez, la{' '}
          <Anchor component={Link} to={paths.guide}>
            guía rápida
          </Anchor>{' '}
          explica cada pantalla en pocos minutos. Los glosarios se pueden compartir con colegas
          como editores o lectores, y si algo falla puedes abrir un{' '}
          <Anchor component={Link} to={paths.tickets}>
            ticket de soporte
          </Anchor>
          .
        </Text>
      </section>

      <section aria-labelledby="beta">
        <Title order={2} id="beta">
          Una versión BETA
        </Title>
        <Text>
          LudoTerm está en desarrollo activo: algunas funciones pueden cambiar y pueden aparecer
          errores. Exporta con regularidad los glosarios importantes y cuéntanos lo que encuentres;
          cada ticket ayuda a mejorar la herramienta.
        </Text>
      </section>
    </Stack>
  );
}
