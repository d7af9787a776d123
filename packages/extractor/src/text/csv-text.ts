/** Guesses the delimiter of a CSV file from its first lines: comma, semicolon or tab. */
function guessDelimiter(text: string): string {
  const head = text.slice(0, 8192);
  let best = ',';
  let bestCount = -1;
  for (const delimiter of [',', ';', '\t']) {
    let count = 0;
    let quoted = false;
    for (const ch of head) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch === delimiter) count += 1;
    }
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** Calls `onCell` with every cell of a CSV text (RFC 4180, plus backslash-escaped quotes). */
export function forEachCsvCell(text: string, onCell: (cell: string, row: number) => void): void {
  const delimiter = guessDelimiter(text);
  let row = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    let cell = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) {
          cell += text.slice(i);
          i = n;
          break;
        }
        if (quote > i && text[quote - 1] === '\\') {
          cell += text.slice(i, quote - 1) + '"';
          i = quote + 1;
          continue;
        }
        cell += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          cell += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      // Anything between the closing quote and the delimiter belongs to the cell.
      while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') cell += text[i++];
    } else {
      let j = i;
      while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r') j += 1;
      cell = text.slice(i, j);
      i = j;
    }
    onCell(cell, row);
    if (i < n && text[i] === delimiter) {
      i += 1;
      if (i === n) onCell('', row);
      continue;
    }
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') i += 1;
    row += 1;
  }
}

// Keys, codes and numbers are not text: "UI.MENU_START", "1234", "#ff0000".
const NOT_TEXT_RE = /^(?:[\p{Lu}\p{N}_.#:/-]+|[\p{N}\s.,:%€$+-]+)$/u;

/** The text of a CSV file's cells, one cell per line; cells that hold no words are skipped. */
export function csvText(text: string): string {
  const lines: string[] = [];
  forEachCsvCell(text, (cell) => {
    const value = cell.trim();
    if (value === '' || NOT_TEXT_RE.test(value) || !/\p{L}/u.test(value)) return;
    lines.push(value);
  });
  return lines.join('\n');
}
