import type { AddCandidatesInput, User } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addedAnswer,
  bossCandidate,
  potionCandidate,
  spanishAnswer,
} from '@/features/extraction/test/extraction-fixtures.ts';
import { glossaries, rpgGlossary } from '@/features/glossaries/test/glossary-fixtures.ts';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-store.ts';
import type { FixtureAnswer, FixtureHandler } from '@/test/fake-http.ts';
import { adminUser, editorUser, tokens } from '@/test/fixtures.ts';
import { renderApp, serveApi } from '@/test/render.tsx';

const health = { status: 'ok', contact_email: 'soporte@example.org', version: '0.1.0' };

interface Sent {
  extraction: FormData[];
  additions: Array<{ url: string; body: AddCandidatesInput }>;
}

/** A signed-in user on /extractor; `extract` and `add` answer the two calls. */
function openExtractor({
  user = editorUser,
  extract = { status: 200, data: spanishAnswer },
  add,
}: {
  user?: User;
  extract?: FixtureAnswer;
  add?: FixtureHandler;
} = {}) {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
  const sent: Sent = { extraction: [], additions: [] };
  const calls = serveApi(async (request) => {
    if (request.url === '/health') return { status: 200, data: health };
    if (request.url === '/auth/me') return { status: 200, data: user };
    if (request.url === '/glosarios') return { status: 200, data: glossaries };
    if (request.url === '/extractor' && request.method === 'POST') {
      sent.extraction.push(request.body as FormData);
      return extract;
    }
    if (request.url.endsWith('/entradas/candidatos') && request.method === 'POST') {
      sent.additions.push({ url: request.url, body: request.body as AddCandidatesInput });
      if (add) return add(request);
      const body = request.body as AddCandidatesInput;
      return { status: 200, data: addedAnswer(body.candidatos.map((c) => c.id ?? '')) };
    }
    return { status: 404, data: { detail: 'No encontrado', code: 'ROUTE_NOT_FOUND' } };
  });
  const view = renderApp('/extractor');
  return { ...view, calls, sent };
}

const processButton = () =>
  screen.findByRole('button', { name: es.extractor.process }, { timeout: 8000 });

async function pasteAndProcess(text = 'El héroe bebe una poción de salud antes del jefe final.') {
  const button = await processButton();
  fireEvent.change(screen.getByLabelText(es.extractor.text), { target: { value: text } });
  await userEvent.click(button);
  return screen.findByRole('list', { name: es.extractor.listLabel });
}

async function chooseGlossary(name: string) {
  await userEvent.click(screen.getByRole('textbox', { name: es.extractor.glossaryLabel }));
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('/extractor', () => {
  beforeAll(async () => {
    // jsdom has no scrolling; Mantine's combobox scrolls the selected option into view.
    Element.prototype.scrollIntoView ??= () => {};
    await Promise.all([import('./app-layout.tsx'), import('./extractor.tsx')]);
  }, 30_000);

  it.each([
    ['the free plan', { ...editorUser, plan: 'free' as const, trial_remaining: null }],
    ['an ended trial', { ...editorUser, plan: 'pro_trial' as const, trial_remaining: 0 }],
  ])('shows the spec message instead of the form to %s', async (_name, user) => {
    openExtractor({ user });
    expect(
      await screen.findByText(es.extractor.freePlan, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.extractor.process })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(es.extractor.text)).not.toBeInTheDocument();
  });

  it('counts the pasted words and checks the form before sending (spec section 5)', async () => {
    const { sent } = openExtractor();
    const button = await processButton();
    await userEvent.click(button);
    expect(await screen.findByText(es.extractor.noInput)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(es.extractor.text), {
      target: { value: 'Una poción de salud, ¿verdad?' },
    });
    expect(await screen.findByText('5 palabras')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: es.extractor.customStopwords }));
    await userEvent.click(button);
    expect(await screen.findByText(es.extractor.customNeedsStopwords)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: es.extractor.defaultStopwords }));
    const minFreq = screen.getByLabelText(es.extractor.minFreq);
    await userEvent.clear(minFreq);
    await userEvent.type(minFreq, '11');
    await userEvent.click(button);
    expect(await screen.findByText(es.extractor.minFreqRange)).toBeInTheDocument();
    expect(sent.extraction).toHaveLength(0);
  });

  it('sends the form, then shows statistics, the chart and the first 100 candidates with Mostrar más', async () => {
    const { sent } = openExtractor({ user: adminUser });
    const list = await pasteAndProcess('Texto de prueba con una poción de salud.');
    const form = sent.extraction[0]!;
    expect(form.get('texto')).toBe('Texto de prueba con una poción de salud.');
    expect(form.get('min_freq')).toBe('2');
    expect(form.get('modo_stopwords')).toBe('predeterminadas');
    expect(form.get('archivo')).toBeNull();

    const stats = screen.getByRole('region', { name: es.extractor.statsTitle });
    expect(within(stats).getByText('5678')).toBeInTheDocument();
    expect(within(stats).getByText('1234')).toBeInTheDocument();
    expect(within(stats).getByText('Predeterminadas')).toBeInTheDocument();
    expect(within(stats).getByText('Español')).toBeInTheDocument();

    const chart = screen.getByRole('figure', { name: es.extractor.chartTitle });
    expect(
      within(chart).getByRole('listitem', { name: 'mazmorra: 9 apariciones' }),
    ).toBeInTheDocument();

    expect(within(list).getByText('poción de salud')).toBeInTheDocument();
    expect(within(list).getByText('Ya en: RPG Combate')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 100 de 154')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: es.extractor.showMore }));
    expect(screen.getByText('Mostrando 154 de 154')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.extractor.showMore })).not.toBeInTheDocument();
  });

  it("shows 'Error procesando. {detail}' with the server's detail", async () => {
    openExtractor({
      extract: {
        status: 422,
        data: {
          code: 'UNSUPPORTED_LANGUAGE',
          detail: 'Solo se admiten textos en español o en inglés.',
        },
      },
    });
    const button = await processButton();
    fireEvent.change(screen.getByLabelText(es.extractor.text), {
      target: { value: 'Bonjour tout le monde' },
    });
    await userEvent.click(button);
    expect(
      await screen.findByText('Error procesando. Solo se admiten textos en español o en inglés.'),
    ).toBeInTheDocument();
  });

  it('filters by category and sorts by frequency', async () => {
    openExtractor();
    const list = await pasteAndProcess();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: es.extractor.categoryFilter }),
      'Nombre propio',
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('Yog-Dzewa')).toBeInTheDocument();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: es.extractor.categoryFilter }),
      es.extractor.allCategories,
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: es.extractor.sortLabel }),
      es.extractor.sortFrequency,
    );
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('mazmorra'),
    );
  });

  it('asks for a glossary first, then adds an edited candidate and shows the notice for 3 seconds', async () => {
    const { sent } = openExtractor();
    const list = await pasteAndProcess();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Añadir «poción de salud» al glosario' }),
    );
    expect(await screen.findAllByText(es.extractor.selectGlossaryFirst)).not.toHaveLength(0);
    expect(sent.additions).toHaveLength(0);

    await chooseGlossary('RPG Combate (es → en)');
    await userEvent.click(within(list).getByRole('button', { name: 'Editar «poción de salud»' }));
    fireEvent.change(within(list).getByLabelText('Término (en)'), {
      target: { value: 'health potion' },
    });
    fireEvent.change(within(list).getByLabelText(es.extractor.definition), {
      target: { value: 'Recupera la vida.' },
    });
    await userEvent.click(
      within(list).getByRole('button', { name: 'Añadir «poción de salud» al glosario' }),
    );

    expect(await screen.findByText(es.extractor.added)).toBeInTheDocument();
    expect(sent.additions).toHaveLength(1);
    expect(sent.additions[0]!.url).toBe(
      `/glosarios/${rpgGlossary.nombre_seguro}/entradas/candidatos`,
    );
    expect(sent.additions[0]!.body).toEqual({
      idioma: 'es',
      fuente: null,
      candidatos: [
        {
          id: potionCandidate.id,
          termino: { es: 'poción de salud', en: 'health potion' },
          categoria: 'NOUN_PHRASE',
          definicion: 'Recupera la vida.',
          contexto: potionCandidate.contexto,
          notas: null,
          variante: ['pociones de salud'],
        },
      ],
    });
    expect(within(list).getAllByText(es.extractor.addedBadge)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(es.extractor.added)).not.toBeInTheDocument(), {
      timeout: 4500,
    });
  });

  it('adds the selected candidates at once and reports the skipped ones', async () => {
    const { sent } = openExtractor({
      add: () => ({ status: 200, data: addedAnswer([potionCandidate.id], [bossCandidate.id]) }),
    });
    const list = await pasteAndProcess();
    await chooseGlossary('RPG Combate (es → en)');
    await userEvent.click(
      within(list).getByRole('checkbox', { name: 'Seleccionar «poción de salud»' }),
    );
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Seleccionar «jefe final»' }));
    expect(screen.getByText('2 seleccionados')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: es.extractor.addSelected }));
    expect(await screen.findByText('1 añadido; 1 ya estaba en el glosario.')).toBeInTheDocument();
    expect(sent.additions[0]!.body.candidatos.map((c) => c.id)).toEqual([
      potionCandidate.id,
      bossCandidate.id,
    ]);
    expect(screen.getByText('0 seleccionados')).toBeInTheDocument();
  });

  it("shows 'Error al añadir al glosario: {detail}'", async () => {
    openExtractor({
      add: () => ({
        status: 403,
        data: { code: 'READ_ONLY', detail: 'Solo tienes permiso de lectura en este glosario.' },
      }),
    });
    const list = await pasteAndProcess();
    await chooseGlossary('RPG Combate (es → en)');
    await userEvent.click(
      within(list).getByRole('button', { name: 'Añadir «mazmorra» al glosario' }),
    );
    expect(
      await screen.findByText(
        'Error al añadir al glosario: Solo tienes permiso de lectura en este glosario.',
      ),
    ).toBeInTheDocument();
  });
});
