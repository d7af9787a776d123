// Writes the test documents we made ourselves into fixtures/files/ (run once; the files are
// committed). Text written for LudoTerm; PDFs made with pdfkit (resolved from the workspace,
// it is a dependency of packages/formats), .docx files zipped with fflate.
//
//   npx tsx scripts/build-fixtures.ts
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { parseConllu } from '../src/tagger/conllu.ts';
import { UPOS_TAGS } from '../src/tagger/features.ts';
import { dataDirectory, packageDirectory } from './paths.ts';

const target = join(packageDirectory(), 'fixtures', 'files');
mkdirSync(target, { recursive: true });

export const MANUAL_ES = [
  'Manual del juego',
  'Al empezar una partida nueva, el héroe aparece en la primera planta de la mazmorra con una poción de salud y una espada corta.',
  'Cada punto de guardado restaura la partida si el héroe muere. Busca el punto de guardado antes de enfrentarte al jefe final.',
  'La poción de salud recupera toda la vida del héroe. Las pociones de salud son raras, así que guárdalas para el jefe final.',
  'El jefe final del quinto nivel lanza bolas de fuego. Un escudo de madera bloquea parte del daño, pero una poción de resistencia al fuego es más eficaz.',
  'Los enemigos desprevenidos reciben un ataque sorpresa con daño adicional. La barra de vida del jefe final aparece en la parte superior de la pantalla.',
];

export const MANUAL_EN = [
  'Game manual',
  'When you start a new game, the hero appears on the first floor of the dungeon with a healing potion and a short sword.',
  'Each save point restores the game if the hero dies. Find the save point before you face the final boss.',
];

function buildPdf(file: string, paragraphs: readonly string[], options: Record<string, unknown> = {}): Promise<void> {
  const require = createRequire(import.meta.url);
  const PDFDocument = require('pdfkit') as new (options: Record<string, unknown>) => {
    on(event: string, listener: (chunk?: Buffer) => void): void;
    text(text: string, options?: Record<string, unknown>): unknown;
    moveDown(): unknown;
    addPage(): unknown;
    end(): void;
  };
  return new Promise((resolve) => {
    const doc = new PDFDocument({ info: { Title: 'LudoTerm', CreationDate: new Date(Date.UTC(2026, 0, 1)) }, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk) => chunks.push(chunk as Buffer));
    doc.on('end', () => {
      writeFileSync(join(target, file), Buffer.concat(chunks));
      resolve();
    });
    paragraphs.forEach((paragraph, i) => {
      if (i === 3) doc.addPage();
      doc.text(paragraph);
      doc.moveDown();
    });
    doc.end();
  });
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal WordprocessingML package with the given document body. */
export function buildDocx(body: string): Uint8Array {
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return zipSync(
    {
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${w}"><w:body>${body}</w:body></w:document>`),
    },
    { level: 6, mtime: new Date(Date.UTC(2026, 0, 1)) },
  );
}

export function paragraphXml(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

await buildPdf('manual-es.pdf', MANUAL_ES);
await buildPdf('cifrado.pdf', MANUAL_ES, { userPassword: 'ludoterm', ownerPassword: 'ludoterm-owner', pdfVersion: '1.7' });

const docxBody =
  MANUAL_ES.map(paragraphXml).join('') +
  // A deleted revision and a field code, which must not reach the text; a tab and a line break.
  '<w:p><w:r><w:t>Texto</w:t></w:r><w:del w:id="1" w:author="x"><w:r><w:delText>borrado</w:delText></w:r></w:del><w:r><w:tab/><w:t>final</w:t><w:br/><w:t>con salto</w:t></w:r><w:r><w:instrText> PAGE </w:instrText></w:r></w:p>';
writeFileSync(join(target, 'manual-es.docx'), buildDocx(docxBody));

// Spanish text in Windows-1252 (accents, ñ, ¿ ¡, curly quotes and a dash in 0x80–0x9F).
writeFileSync(
  join(target, 'notas-cp1252.txt'),
  iconv.encode('¿Dónde está la poción de salud? ¡En el cofre del jefe final, señor! “Cuidado” — dijo la bruja.\r\n', 'windows-1252'),
);
writeFileSync(join(target, 'notas-utf16le.txt'), iconv.encode('\uFEFFEl punto de guardado está junto a la fuente mágica.\n', 'utf-16le'));
writeFileSync(
  join(target, 'glosario.csv'),
  'clave;español;notas\nITEM_POTION;"poción de salud";"cura al héroe; es roja"\nBOSS;jefe final;"aparece en el ""último"" nivel"\nSAVE;punto de guardado;1234\n',
);

// An encrypted Office document is an OLE compound file holding an "EncryptedPackage" stream.
// This synthetic file has only the signature and that stream name: enough for the sniffer.
const ole = new Uint8Array(1536);
ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
ole.set(Buffer.from('EncryptedPackage', 'utf16le'), 1024);
writeFileSync(join(target, 'cifrado.docx'), ole);

// The first 200 sentences of each held-out UD test file, as form<TAB>UPOS lines: a small
// evaluation slice the unit tests can use without the shared data (never used for training).
const udTarget = join(packageDirectory(), 'fixtures', 'ud');
mkdirSync(udTarget, { recursive: true });
for (const [file, name] of [
  ['es_ancora-test-642d3bc3.conllu', 'es-ancora-test-first200.tsv'],
  ['en_ewt-test-2fcdab1f.conllu', 'en-ewt-test-first200.tsv'],
] as const) {
  const source = join(dataDirectory(), 'ud', file);
  if (!existsSync(source)) continue;
  const sentences = parseConllu(readFileSync(source, 'utf8')).slice(0, 200);
  const lines = sentences.map((s) => s.forms.map((form, i) => `${form}\t${UPOS_TAGS[s.tags[i] as number]}`).join('\n'));
  writeFileSync(join(udTarget, name), lines.join('\n\n') + '\n');
}

console.info(`Fixtures en ${target}`);
