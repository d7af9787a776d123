import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ExtractionAnswer } from '@ludoterm/contract';
import type { TestApp } from '../../test/build-test-app.ts';

// Texts and files of the extraction tests. The texts are our own; the files come from the
// extractor package's fixtures (see packages/extractor/LICENSES.md: manual-es.* are ours,
// truncated62886.docx is from Apache POI and scan-bad.pdf from pdf.js, both Apache-2.0).

/** A short Spanish game manual: "poción de salud", "jefe final", "punto de guardado"… */
export const SPANISH_TEXT = [
  'Guía rápida de la mazmorra.',
  'Al empezar la partida, el héroe aparece junto a un punto de guardado con una poción de salud en el inventario.',
  'La poción de salud recupera toda la vida del héroe, así que guárdala para el jefe final.',
  'Cada planta tiene un punto de guardado; si el héroe muere, vuelve al último punto de guardado.',
  'El jefe final vive en la última planta de la mazmorra y lanza bolas de fuego.',
  'Contra el jefe final conviene llevar dos pociones de salud y un pergamino de teletransporte.',
  'El pergamino de teletransporte lleva al héroe a una sala segura de la mazmorra.',
  'Los enemigos de la mazmorra sueltan monedas de oro que el héroe gasta en la tienda.',
  'En la tienda se compran pociones de salud, pergaminos de teletransporte y armaduras de cuero.',
  'Sin una poción de salud, el jefe final gana casi siempre.',
  'La armadura de cuero protege poco, pero el héroe la encuentra pronto en la mazmorra.',
].join('\n');

export const ENGLISH_TEXT = [
  'Quick guide to the dungeon.',
  'At the start of the game the hero stands next to a save point with a health potion in the inventory.',
  'The health potion restores all of the hero’s health, so keep it for the final boss.',
  'Every floor has a save point; when the hero dies, the game goes back to the last save point.',
  'The final boss lives on the last floor of the dungeon and throws fireballs.',
  'Against the final boss, carry two health potions and a teleportation scroll.',
  'The teleportation scroll takes the hero to a safe room of the dungeon.',
].join('\n');

export const FRENCH_TEXT = [
  'Guide rapide du donjon.',
  'Au début de la partie, le héros se trouve à côté d’un point de sauvegarde avec une potion de soin dans son inventaire.',
  'La potion de soin rend toute la vie du héros, alors garde-la pour le boss final.',
  'Chaque étage possède un point de sauvegarde ; quand le héros meurt, il revient au dernier point de sauvegarde.',
  'Le boss final vit au dernier étage du donjon et lance des boules de feu.',
].join('\n');

const extractorRoot = dirname(
  createRequire(import.meta.url).resolve('@ludoterm/extractor/package.json'),
);

/** A file of the extractor package's fixtures (`fixtures/files/<name>`). */
export function extractorFixture(name: string): Buffer {
  return readFileSync(join(extractorRoot, 'fixtures', 'files', name));
}

export interface FormFile {
  field: string;
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body for `app.inject` with any number of fields and files. */
export function extractionForm(
  fields: Record<string, string>,
  files: FormFile[] = [],
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----ludoterm${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `POST /api/extractor` as `headers`' user. */
export async function postExtraction(
  t: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string>,
  files: FormFile[] = [],
) {
  const form = extractionForm(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/extractor',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  return { res, body: res.json() as ExtractionAnswer & { code?: string; detail?: string } };
}
