import type { ImportAnswer } from '@ludoterm/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, AxiosResponse } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client.ts';
import type { FixtureAnswer } from '@/test/fake-http.ts';
import { renderWithProviders, serveApi } from '@/test/render.tsx';
import { csvFile, doneAnswer, esEnFields, headersAnswer } from '../test/import-fixtures.ts';
import { GlossaryImport } from './glossary-import.tsx';

interface SentForm {
  url: string;
  formato: string | null;
  mapping: Record<string, string> | null;
  archivo: string | null;
}

/** The import section on its own, answering POST …/importar with `answers` in turn. */
function setup(
  answers: FixtureAnswer[],
  props: { nombreSeguro?: string | null; maxBytes?: number } = {},
) {
  const sent: SentForm[] = [];
  serveApi((request) => {
    if (request.method === 'POST' && request.url.endsWith('/importar')) {
      const form = request.body as FormData;
      const mapping = form.get('mapping_json');
      const archivo = form.get('archivo');
      sent.push({
        url: request.url,
        formato: form.get('formato') as string | null,
        mapping:
          typeof mapping === 'string' ? (JSON.parse(mapping) as Record<string, string>) : null,
        archivo: archivo instanceof File ? archivo.name : null,
      });
      return (
        answers.shift() ?? { status: 500, data: { detail: 'sin respuesta', code: 'INTERNAL' } }
      );
    }
    return { status: 404, data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' } };
  });
  const onStatus = vi.fn();
  const onImported = vi.fn();
  const view = renderWithProviders(
    <GlossaryImport
      nombreSeguro={props.nombreSeguro === undefined ? 'rpg-combate' : props.nombreSeguro}
      glossaryLabel="RPG Combate (es→en)"
      campos={esEnFields}
      onStatus={onStatus}
      onImported={onImported}
      maxBytes={props.maxBytes}
    />,
  );
  const input = () => view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  const submit = () => screen.getByRole('button', { name: 'Importar al glosario' });
  return { sent, onStatus, onImported, input, submit };
}

const statusBox = () => screen.findByRole('status');

describe('GlossaryImport', () => {
  it('enables Importar al glosario only with a file, saying why it is disabled', async () => {
    const { input, submit } = setup([]);
    expect(
      screen.getByText('Arrastra aquí un archivo CSV, TSV, Excel (XLSX), JSON, TMX o TBX (máx. 10MB)'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('Selecciona un archivo a importar.');
    await userEvent.upload(input(), csvFile());
    expect(submit()).toBeEnabled();
    expect(screen.getByText(/Archivo: juego\.csv/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar el archivo' }));
    expect(submit()).toBeDisabled();
  });

  it('chooses the file with a real button, from the keyboard, not a focusable zone', async () => {
    const { input } = setup([]);
    const opened = vi.spyOn(input(), 'click');
    const choose = screen.getByRole('button', { name: 'Elegir archivo' });
    expect(choose).toHaveAccessibleDescription(
      'Arrastra aquí un archivo CSV, TSV, Excel (XLSX), JSON, TMX o TBX (máx. 10MB)',
    );
    expect(document.querySelector('[role="presentation"][tabindex]')).toBeNull();
    choose.focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("states the server's limit and refuses a larger file before sending it", async () => {
    const { input, submit, sent, onStatus } = setup([], { maxBytes: 2048 });
    expect(
      screen.getByText('Arrastra aquí un archivo CSV, TSV, Excel (XLSX), JSON, TMX o TBX (máx. 2KB)'),
    ).toBeInTheDocument();
    const big = new File(['Spanish,English\n', 'a'.repeat(3000)], 'grande.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(input(), big);
    const refusal =
      'El archivo (3 KB) supera el máximo de 2 KB que admite la importación. Divídelo en varios archivos más pequeños o pide a un administrador que amplíe el límite.';
    expect(await statusBox()).toHaveTextContent(refusal);
    expect(onStatus).toHaveBeenCalledWith(refusal);
    expect(submit()).toBeDisabled();
    expect(sent).toHaveLength(0);
    // A file within the limit is taken.
    await userEvent.upload(input(), csvFile());
    expect(submit()).toBeEnabled();
  });

  it('asks for a glossary first', async () => {
    const { input, submit, sent, onStatus } = setup([], { nombreSeguro: null });
    expect(screen.getByText('Selecciona un glosario antes de importar.')).toBeInTheDocument();
    await userEvent.upload(input(), csvFile());
    await userEvent.click(submit());
    expect(await statusBox()).toHaveTextContent('Selecciona un glosario antes de importar.');
    expect(onStatus).toHaveBeenCalledWith('Selecciona un glosario antes de importar.');
    expect(sent).toHaveLength(0);
  });

  it('shows the mapping table after the header pass, then sends the mapping and reports the result', async () => {
    const { input, submit, sent, onStatus, onImported } = setup([
      { status: 200, data: headersAnswer },
      { status: 200, data: doneAnswer },
    ]);
    await userEvent.upload(input(), csvFile());
    await userEvent.click(submit());
    expect(await statusBox()).toHaveTextContent(
      'Cabeceras detectadas. Asigna el mapeo y vuelve a pulsar Importar.',
    );
    // The first pass sends no mapping at all (the spec sends it only when non-empty).
    expect(sent[0]).toEqual({
      url: '/glosarios/rpg-combate/importar',
      formato: 'csv',
      mapping: null,
      archivo: 'juego.csv',
    });

    const table = screen.getByRole('table', { name: 'Mapeo de columnas' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').firstChild?.textContent)).toEqual([
      'KEY',
      'Spanish',
      'English',
      'Definition',
      'Comment',
    ]);
    // A sample value per column: the first non-empty one.
    expect(within(rows[3]!).getByText('Ejemplo: Objeto que protege.')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Ejemplo: ui.potion')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('Ejemplo: PC')).toBeInTheDocument();
    // Defaults guessed from the header names.
    expect(screen.getByLabelText('Destino de la columna «Spanish»')).toHaveValue('termino.es');
    expect(screen.getByLabelText('Destino de la columna «English»')).toHaveValue('termino.en');
    expect(screen.getByLabelText('Destino de la columna «KEY»')).toHaveValue('ignorar');
    const options = [
      ...(screen.getByLabelText('Destino de la columna «KEY»') as HTMLSelectElement).options,
    ];
    expect(options.slice(0, 4).map((o) => o.textContent)).toEqual([
      'Ignorar',
      'Redirigir a notas',
      'Término (es)',
      'Término (en)',
    ]);

    await userEvent.selectOptions(
      screen.getByLabelText('Destino de la columna «KEY»'),
      'subindice',
    );
    await userEvent.click(submit());
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(doneAnswer));
    expect(sent[1]?.mapping).toEqual({
      KEY: 'subindice',
      Spanish: 'termino.es',
      English: 'termino.en',
      Definition: 'definicion',
      Comment: 'notas',
    });
    const done =
      'Importación completada (12.000 elementos). 3 omitidos (repetidos o sin los idiomas del glosario).';
    expect(await statusBox()).toHaveTextContent(done);
    expect(onStatus).toHaveBeenLastCalledWith(done);
    // Done: the file and the table are gone, ready for the next one.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('warns when no column goes to a term', async () => {
    const { input, submit } = setup([{ status: 200, data: headersAnswer }]);
    await userEvent.upload(input(), csvFile());
    await userEvent.click(submit());
    await screen.findByRole('table');
    await userEvent.selectOptions(
      screen.getByLabelText('Destino de la columna «Spanish»'),
      'ignorar',
    );
    await userEvent.selectOptions(
      screen.getByLabelText('Destino de la columna «English»'),
      'notas',
    );
    expect(
      screen.getByText('Asigna al menos una columna a un término para poder importar.'),
    ).toBeInTheDocument();
  });

  it('derives the format from the lowercase extension and imports TMX at once', async () => {
    const { input, submit, sent } = setup([
      { status: 200, data: { importados: 1, omitidos: 0 } satisfies ImportAnswer },
      { status: 200, data: { importados: 2, omitidos: 1 } satisfies ImportAnswer },
    ]);
    await userEvent.upload(
      input(),
      new File(['<tmx/>'], 'Memoria.TMX', { type: 'application/x-tmx+xml' }),
    );
    await userEvent.click(submit());
    expect(await statusBox()).toHaveTextContent(/^Importación completada \(1 elemento\)\.$/);
    await userEvent.upload(input(), new File(['a\tb'], 'omegat.txt', { type: 'text/plain' }));
    await userEvent.click(submit());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => s.formato)).toEqual(['tmx', 'tsv']);
    expect(await statusBox()).toHaveTextContent(
      '1 omitido (repetido o sin los idiomas del glosario).',
    );
  });

  it('lists the possible duplicates and the warnings a TBX import reports, each with its place', async () => {
    const { input, submit } = setup([
      {
        status: 200,
        data: {
          importados: 2,
          omitidos: 0,
          posibles_duplicados: [
            {
              ubicacion: 'entrada <termEntry> n.º 2 (id m-2), línea 7',
              entrada_id: 41,
              id_externo: 'm-2',
              termino: { es: 'guardar', en: 'save' },
              duplica_id: 40,
              duplica_id_externo: 'm-1',
              motivo: 'mismos_terminos',
            },
            {
              ubicacion: 'entrada <termEntry> n.º 3 (id c-7), línea 11',
              entrada_id: 42,
              id_externo: 'c-7',
              termino: { es: 'grabar', en: 'save' },
              duplica_id: 12,
              duplica_id_externo: 'c-7',
              motivo: 'mismo_identificador',
            },
          ],
          avisos: ['Entrada <termEntry> n.º 1 (id m-1), línea 3: el estado «raro» del término «PS» no es ninguno de los que LudoTerm conoce: se ha importado como admitido.'],
        } satisfies ImportAnswer,
      },
    ]);
    await userEvent.upload(input(), new File(['<martif/>'], 'microsoft.tbx', { type: 'application/xml' }));
    await userEvent.click(submit());
    expect(await statusBox()).toHaveTextContent('Importación completada (2 elementos).');
    const duplicates = screen.getByRole('region', { name: 'Posibles duplicados (2)' });
    const [sameTerms, sameId] = within(duplicates).getAllByRole('listitem');
    expect(sameTerms).toHaveTextContent(
      'Entrada <termEntry> n.º 2 (id m-2), línea 7: el concepto m-2 («guardar → save») tiene los mismos términos que el concepto m-1.',
    );
    expect(sameId).toHaveTextContent(
      'Entrada <termEntry> n.º 3 (id c-7), línea 11: el concepto c-7 («grabar → save») ya estaba en el glosario con otros términos; quizá el archivo trae una versión más nueva.',
    );
    const warnings = screen.getByRole('region', { name: 'Avisos de la importación (1)' });
    expect(within(warnings).getByRole('listitem')).toHaveTextContent(/el estado «raro» del término «PS»/);
  });

  it('refuses a file of another type before sending it', async () => {
    const { input, submit, sent } = setup([]);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(), new File(['x'], 'hoja.xls', { type: 'application/vnd.ms-excel' }));
    expect(await statusBox()).toHaveTextContent(
      'Ese tipo de archivo no se admite: elige un archivo .csv, .tsv, .txt, .tab, .xlsx, .json, .tmx o .tbx.',
    );
    expect(submit()).toBeDisabled();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's detail after 'Error al importar:'", async () => {
    const detail = 'Línea 3: El campo «Definición» no puede superar 20.000 caracteres.';
    const { input, submit, onImported } = setup([
      { status: 422, data: { detail, code: 'VALIDATION_FAILED' } },
    ]);
    await userEvent.upload(input(), csvFile());
    await userEvent.click(submit());
    expect(await statusBox()).toHaveTextContent(`Error al importar: ${detail}`);
    expect(onImported).not.toHaveBeenCalled();
    // The file stays chosen, so the user can fix the mapping or try again.
    expect(submit()).toBeEnabled();
  });

  it('shows the upload progress, then that the server is reading the entries', async () => {
    serveApi(() => ({ status: 404 }));
    let finish: (value: AxiosResponse) => void = () => undefined;
    let report: (loaded: number) => void = () => undefined;
    const adapter: AxiosAdapter = (config) =>
      new Promise((resolve) => {
        report = (loaded) =>
          config.onUploadProgress?.({ loaded, total: 1000, bytes: loaded, lengthComputable: true });
        finish = resolve;
        expect(config.timeout).toBeGreaterThanOrEqual(5 * 60_000);
      }).then(() => ({ data: doneAnswer, status: 200, statusText: '200', headers: {}, config }));
    api.defaults.adapter = adapter;
    const { input, submit } = setup([]);
    api.defaults.adapter = adapter;
    await userEvent.upload(input(), csvFile());
    await userEvent.click(submit());
    report(450);
    const bar = await screen.findByRole('progressbar', { name: 'Progreso de la importación' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '45'));
    expect(screen.getByText('Subiendo el archivo… 45 %')).toBeInTheDocument();
    report(1000);
    expect(await screen.findByText('Leyendo y guardando las entradas…')).toBeInTheDocument();
    finish({} as AxiosResponse);
    expect(await statusBox()).toHaveTextContent('Importación completada (12.000 elementos).');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
