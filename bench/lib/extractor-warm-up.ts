/**
 * The server warms its extractor thread up 3 s after it starts (models and pdf.js: over 100 MB
 * and a core for a few seconds). One small extraction waits for it, so what a benchmark measures
 * next runs on a server done starting, not beside that start-up work. The user must be allowed
 * to extract (a Pro plan or a trial).
 */
export async function waitForExtractorWarmUp(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<void> {
  const form = new FormData();
  const text = 'El jugador equipa la espada larga. La espada larga mejora el ataque del jugador.';
  form.append('archivo', new Blob([text], { type: 'text/plain' }), 'calentamiento.txt');
  const res = await fetch(`${baseUrl}/api/extractor`, { method: 'POST', headers, body: form });
  const body = await res.text();
  if (!res.ok) throw new Error(`la extracción de calentamiento respondió ${res.status}: ${body}`);
}
