/**
 * The file name a download's `Content-Disposition` gives: `filename*` (RFC 5987, UTF-8) when
 * present, else `filename`, else `fallback`. Path separators are replaced, so a name can never
 * point outside the download folder.
 */
export function downloadName(
  contentDisposition: string | null | undefined,
  fallback: string,
): string {
  const header = contentDisposition ?? '';
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim() ?? null;
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : fallback;
}
