import type { Glossary } from '@ludoterm/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AxiosError,
  CanceledError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, TRANSFER_TIMEOUT_MS } from '@/lib/api-client.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { csvExport, csvHeaders, notFoundBody, rpgGlossary } from '../test/export-fixtures.ts';
import { ExportForm } from './export-form.tsx';

interface Answer {
  status: number;
  data: Blob;
  headers?: Record<string, string>;
}

/**
 * An axios transport for blob downloads: records each request's config and answers with
 * `answer(config)`, which may report download progress and wait, as a slow network would.
 */
function serveDownloads(answer: (config: InternalAxiosRequestConfig) => Promise<Answer> | Answer) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const { status, data, headers = {} } = await answer(config);
    const response: AxiosResponse = { data, status, statusText: String(status), headers, config };
    if (status < 300) return response;
    throw new AxiosError('fallo', AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
  api.defaults.adapter = adapter;
  return requests;
}

/** The form with a plain selector standing in for the page's glossary selector. */
function Harness({ initial = null }: { initial?: Glossary | null }) {
  const [glossary, setGlossary] = useState<Glossary | null>(initial);
  return (
    <ExportForm
      glossary={glossary}
      glossaryField={(error) => (
        <label>
          Glosario
          <select
            value={glossary?.nombre_seguro ?? ''}
            onChange={(e) => setGlossary(e.target.value ? rpgGlossary : null)}
            aria-invalid={error ? true : undefined}
          >
            <option value="">—</option>
            <option value={rpgGlossary.nombre_seguro}>{rpgGlossary.nombre}</option>
          </select>
          {error && <span>{error}</span>}
        </label>
      )}
    />
  );
}

// jsdom's Blob lacks text(), which browsers have and the API client uses to read error bodies.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}

const saved: { name: string; size: number }[] = [];

beforeEach(() => {
  saved.length = 0;
  const blobs = new Map<string, Blob>();
  let n = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:prueba/${(n += 1)}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, size: blobs.get(this.href)?.size ?? -1 });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const exportButton = () => screen.getByRole('button', { name: 'Exportar' });

describe('ExportForm', () => {
  it("says 'Selecciona un glosario.' and sends nothing when no glossary is chosen", async () => {
    const requests = serveDownloads(() => ({ status: 200, data: new Blob([]) }));
    renderWithProviders(<Harness />);
    await userEvent.click(exportButton());
    expect(await screen.findByText('Selecciona un glosario.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Glosario/ }),
      'rpg-combate',
    );
    expect(screen.queryByText('Selecciona un glosario.')).not.toBeInTheDocument();
  });

  it('offers every format with the tools that open it, JSON first, TBX v2 beside v3', () => {
    serveDownloads(() => ({ status: 200, data: new Blob([]) }));
    renderWithProviders(<Harness initial={rpgGlossary} />);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(8);
    expect(radios[0]).toBeChecked();
    expect(screen.getByText(/Glosario de OmegaT y CafeTran/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Excel \(XLSX\)/ })).toBeInTheDocument();
    expect(screen.getByText(/Trados\/MultiTerm, memoQ, Phrase/)).toBeInTheDocument();
    const labels = radios.map((r) => r.closest('label, button')?.textContent ?? '');
    const v2 = labels.findIndex((l) => l.startsWith('TBX v2 (TBX-Basic)'));
    expect(labels[v2 + 1]).toMatch(/^TBX v3 \(ISO 30042:2019\)/);
  });

  it('downloads the CSV as a blob with the long timeout and saves it under the server’s name', async () => {
    const requests = serveDownloads(() => ({
      status: 200,
      data: new Blob([csvExport], { type: 'text/csv' }),
      headers: csvHeaders,
    }));
    renderWithProviders(<Harness initial={rpgGlossary} />);
    await userEvent.click(screen.getByRole('radio', { name: /^CSV/ }));
    await userEvent.click(exportButton());
    expect(await screen.findByText('Exportación completada.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/glosarios/rpg-combate/exportar');
    expect(requests[0]!.params).toEqual({ formato: 'csv' });
    expect(requests[0]!.responseType).toBe('blob');
    expect(requests[0]!.timeout).toBe(TRANSFER_TIMEOUT_MS);
    expect(requests[0]!.timeout).toBeGreaterThan(15_000);
    const size = new Blob([csvExport]).size;
    expect(saved).toEqual([{ name: 'rpg-combate.csv', size }]);
    expect(screen.getByText(/Guardado como rpg-combate\.csv/)).toBeInTheDocument();
  });

  it('sends version=3 only for TBX v3', async () => {
    const requests = serveDownloads(() => ({
      status: 200,
      data: new Blob(['<tbx/>']),
      headers: { 'content-disposition': 'attachment; filename="rpg-combate.tbx"' },
    }));
    renderWithProviders(<Harness initial={rpgGlossary} />);
    await userEvent.click(screen.getByRole('radio', { name: /^TBX v2/ }));
    await userEvent.click(exportButton());
    await screen.findByText('Exportación completada.');
    await userEvent.click(screen.getByRole('radio', { name: /^TBX v3/ }));
    await userEvent.click(exportButton());
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((r) => r.params)).toEqual([
      { formato: 'tbx' },
      { formato: 'tbx', version: '3' },
    ]);
    expect(saved[0]!.name).toBe('rpg-combate.tbx');
  });

  it('shows the bytes received while the file streams', async () => {
    let finish: () => void = () => {};
    serveDownloads(async (config) => {
      config.onDownloadProgress?.({ loaded: 1536, bytes: 1536, lengthComputable: false });
      await new Promise<void>((resolve) => (finish = resolve));
      return {
        status: 200,
        data: new Blob(['%PDF-1.7']),
        headers: { 'content-disposition': 'attachment; filename="rpg-combate.pdf"' },
      };
    });
    renderWithProviders(<Harness initial={rpgGlossary} />);
    await userEvent.click(screen.getByRole('radio', { name: /^PDF/ }));
    await userEvent.click(exportButton());
    expect(await screen.findByText('Descargando… 2 KB')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Progreso de la descarga' }),
    ).toBeInTheDocument();
    finish();
    expect(await screen.findByText('Exportación completada.')).toBeInTheDocument();
    expect(saved[0]!.name).toBe('rpg-combate.pdf');
  });

  it("shows the server's detail from a JSON error body that arrived as a Blob, after '❌ '", async () => {
    serveDownloads(() => ({ status: 404, data: notFoundBody() }));
    renderWithProviders(<Harness initial={rpgGlossary} />);
    await userEvent.click(exportButton());
    expect(
      await screen.findByText('El glosario no existe o no tienes acceso.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('cancels a download in progress', async () => {
    serveDownloads(
      (config) =>
        new Promise<Answer>((_, reject) => {
          config.signal?.addEventListener?.('abort', () =>
            reject(new CanceledError(undefined, undefined, config)),
          );
        }),
    );
    renderWithProviders(<Harness initial={rpgGlossary} />);
    await userEvent.click(exportButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Exportación cancelada.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument(),
    );
    expect(saved).toEqual([]);
  });
});
