import { describe, expect, it } from 'vitest';
import { readAllText } from '../text/byte-source.ts';
import { SAMPLE_ENTRIES, SAMPLE_META } from '../test-support/sample-entries.ts';
import { escapeCsvCell, writeCsv } from './write-csv.ts';
import { writeTsv } from './write-tsv.ts';

describe('writeCsv', () => {
  it('writes UTF-8 with BOM, language codes and card field ids as headers, CRLF rows', async () => {
    const csv = await readAllText(writeCsv(SAMPLE_ENTRIES, SAMPLE_META));
    const [header, first] = csv.split('\r\n');
    expect(header).toBe(
      '\uFEFFes,en,subindice,categoria,area,mecanismo,definicion,fuente,contexto_es,contexto_en,fuente_contexto_es,' +
        'fuente_contexto_en,relaciones,variante,cuestiones_traductologicas,notas,' +
        'otros_terminos_es,estados_es,otros_terminos_en,estados_en,estado_revision,definicion_en',
    );
    expect(first?.startsWith('ácido,acid damage,daño,sustantivo,Juegos de rol,calco,')).toBe(true);
    // The target's definition came after the seed's columns: it is written last, so they keep their places.
    expect(first?.endsWith(',Elemental damage that eats away armour; it «ignores» 20 % of defence.')).toBe(true);
    expect(csv).toContain('"\'=SUMA(A1) no es una fórmula; <b>negrita</b> & ""comillas"""');
    expect(csv).not.toContain('solo para la autora');
  });

  it('prefixes formula-like cells with one apostrophe and quotes what needs quoting', () => {
    expect(escapeCsvCell('=1+1')).toBe("'=1+1");
    expect(escapeCsvCell('+34 600')).toBe("'+34 600");
    expect(escapeCsvCell('-x')).toBe("'-x");
    expect(escapeCsvCell('@user')).toBe("'@user");
    expect(escapeCsvCell('\tindent')).toBe("'\tindent");
    expect(escapeCsvCell('\r=1+1')).toBe('"\'\r=1+1"');
    expect(escapeCsvCell("'=already")).toBe("''=already");
    expect(escapeCsvCell("it's")).toBe("it's");
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(escapeCsvCell(' padded ')).toBe('" padded "');
    expect(escapeCsvCell(null)).toBe('');
  });
});

describe('writeTsv', () => {
  it('writes the OmegaT/CafeTran layout: base TAB target TAB labelled comment, no header, no BOM', async () => {
    const tsv = await readAllText(writeTsv(SAMPLE_ENTRIES, SAMPLE_META));
    const lines = tsv.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('nivel\tlevel\tSubíndice: progresión | Categoría: Sustantivo masculino | Definición: Medida de la progresión del personaje.');
    expect(lines[2]).toBe('ñandú\t\tNotas: Sin equivalente fijado; IPA [ɲanˈdu].');
    expect(lines[0]).toContain('Cuestiones traductológicas: No traducir como «ácido» a secas en la interfaz. Límite: 12 caracteres.');
    expect(tsv.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('prefixes formula-like cells with one apostrophe, as the CSV export does', async () => {
    const entries = [
      { termino: { es: '=HYPERLINK("http://mal.example","clic")', en: '+34 600' }, notas: null },
      { termino: { es: '-daño', en: '@jugadora' }, notas: null },
    ];
    const tsv = await readAllText(writeTsv(entries, SAMPLE_META));
    expect(tsv.split('\n')).toEqual([
      `'=HYPERLINK("http://mal.example","clic")\t'+34 600\t`,
      `'-daño\t'@jugadora\t`,
      '',
    ]);
  });
});
