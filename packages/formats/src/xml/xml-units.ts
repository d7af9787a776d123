import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { FormatError } from '../errors.ts';

/** An element of a unit, with local names (`basic:definition` → `definition`). */
export interface XmlElement {
  name: string;
  qname: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  line: number;
}
export type XmlNode = XmlElement | string;

export type XmlEvent =
  | { kind: 'root'; name: string; qname: string; attrs: Record<string, string> }
  | { kind: 'header'; element: XmlElement }
  | { kind: 'unit'; element: XmlElement; index: number };

export interface XmlUnitSpec {
  /** Local names of the units (`tu`; `termEntry`, `conceptEntry`), found at any depth. */
  units: ReadonlySet<string>;
  /** Local names of header elements to hand over whole (`header`, `martifHeader`). */
  headers: ReadonlySet<string>;
  /** Elements whose own text is never content (`tu`, `langSet`…): indentation dropped as read. */
  structural?: ReadonlySet<string>;
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

export function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon === -1 ? qname : qname.slice(colon + 1);
}

/** An attribute by local name, `xml:lang` preferred to `lang` for languages. */
export function attribute(element: XmlElement, name: string): string | undefined {
  const direct = element.attrs[name];
  if (direct !== undefined) return direct;
  for (const key in element.attrs) {
    if (key.includes(':') && localName(key) === name) return element.attrs[key];
  }
  return undefined;
}

/** The language of an element: `xml:lang`, or TMX 1.1's `lang`. */
export function languageAttribute(element: XmlElement): string | undefined {
  return element.attrs['xml:lang'] ?? element.attrs['lang'] ?? attribute(element, 'lang');
}

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child !== 'string' && (name === undefined || child.name === name)) out.push(child);
  }
  return out;
}

/** All the text inside an element, markup dropped. */
export function textContent(node: XmlNode): string {
  if (typeof node === 'string') return node;
  let out = '';
  for (const child of node.children) out += typeof child === 'string' ? child : textContent(child);
  return out;
}

/** The refusal of any `<!ENTITY` declaration (entity expansion, external entities). */
export function entityDeclarationError(linea?: number): FormatError {
  return new FormatError(
    'XML_ENTITY_FORBIDDEN',
    `El archivo declara entidades XML (<!ENTITY …>) en su DOCTYPE${linea === undefined ? '' : ` (línea ${linea})`}. ` +
      'LudoTerm no las admite porque sirven para bloquear el servidor o leer archivos ajenos. Quita esas ' +
      'declaraciones y las referencias a ellas y vuelve a importarlo.',
    linea === undefined ? undefined : { linea },
  );
}

const SAXES_MESSAGES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^unclosed tag: (.*)$/, (m) => `falta cerrar el elemento <${m[1]}>; si el archivo termina aquí, puede estar truncado`],
  [/^unmatched closing tag: (.*)\.$/, (m) => `la etiqueta de cierre </${m[1]}> no corresponde al elemento abierto`],
  [/^unexpected close tag\.$/, () => 'hay una etiqueta de cierre que no corresponde a ningún elemento abierto'],
  [/^disallowed character\.$/, () => 'hay un carácter que XML no admite (un carácter de control o un < o & sin escapar)'],
  [/^malformed character entity\.$/, () => 'hay una referencia de carácter (&#…;) mal escrita'],
  [/^document must contain a root element\.$/, () => 'el documento no tiene ningún elemento'],
  [/^text data outside of root node\.$/, () => 'hay texto fuera del elemento raíz (¿el archivo tiene contenido pegado al final?)'],
  [/^documents may contain only one root\.$/, () => 'hay más de un elemento raíz'],
  [/^duplicate attribute: (.*)\.$/, (m) => `el atributo ${m[1]} aparece dos veces en el mismo elemento`],
  [/^unquoted attribute value\.$|^value must be quoted\.$/, () => 'hay un valor de atributo sin comillas'],
  [/^unexpected end\.$/, () => 'el archivo termina antes de tiempo; puede estar truncado'],
];

function spanishSaxesMessage(message: string): string {
  for (const [pattern, render] of SAXES_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return render(match);
  }
  return `el XML no está bien formado (${message})`;
}

/**
 * Reads XML as a stream, handing over each unit and header element with its subtree. A DOCTYPE is
 * never fetched and any `<!ENTITY` declaration is refused before anything expands.
 */
export async function* readXmlUnits(text: AsyncIterable<string>, spec: XmlUnitSpec): AsyncGenerator<XmlEvent[]> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let queue: XmlEvent[] = [];
  const stack: XmlElement[] = [];
  let depth = 0;
  let captureKind: 'unit' | 'header' | null = null;
  let units = 0;

  const fail = (code: 'XML_MALFORMED' | 'XML_ENTITY_UNDEFINED', what: string): FormatError =>
    new FormatError(
      code,
      `XML mal formado en la línea ${parser.line}, columna ${parser.column + 1}: ${what}. ` +
        'Corrige el archivo o vuelve a exportarlo desde tu herramienta.',
      { linea: parser.line, columna: parser.column + 1 },
    );

  parser.on('error', (error) => {
    const raw = error.message.replace(/^\d+:\d+: /, '');
    if (raw === 'undefined entity.') {
      // The reference just read ends at the parser's position in the current chunk.
      const end = parser.position - chunkStart;
      const name = /&([^\s&;<>]{1,60});?$/.exec(currentChunk.slice(Math.max(0, end - 64), Math.max(0, end)))?.[1];
      const ref = name ? `&${name};` : 'una entidad';
      throw fail(
        'XML_ENTITY_UNDEFINED',
        `se usa ${ref}, que no está definida (XML solo trae &amp;, &lt;, &gt;, &quot; y &apos;). ` +
          'Sustitúyela por el carácter que representa o por su referencia numérica (&#…;)',
      );
    }
    throw fail('XML_MALFORMED', spanishSaxesMessage(raw));
  });
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) throw entityDeclarationError(parser.line);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (depth === 0) queue.push({ kind: 'root', name, qname: tag.name, attrs: { ...tag.attributes } });
    depth += 1;
    if (captureKind !== null) {
      const element: XmlElement = { name, qname: tag.name, attrs: tag.attributes, children: [], line: parser.line };
      stack.at(-1)!.children.push(element);
      stack.push(element);
      return;
    }
    // The root is never a header: a file whose root is <martifHeader> still has its entries read.
    const kind = spec.units.has(name) ? 'unit' : depth > 1 && spec.headers.has(name) ? 'header' : null;
    if (kind !== null) {
      captureKind = kind;
      stack.push({ name, qname: tag.name, attrs: tag.attributes, children: [], line: parser.line });
    }
  });
  const structural = spec.structural;
  const onText = (text: string): void => {
    if (captureKind === null) return;
    const parent = stack[stack.length - 1]!;
    if (structural?.has(parent.name) && isBlank(text)) return;
    parent.children.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    depth -= 1;
    if (captureKind === null) return;
    const element = stack.pop()!;
    if (stack.length === 0) {
      if (captureKind === 'unit') {
        units += 1;
        queue.push({ kind: 'unit', element, index: units });
      } else {
        queue.push({ kind: 'header', element });
      }
      captureKind = null;
    }
  });

  let currentChunk = '';
  let chunkStart = 0;
  for await (const chunk of text) {
    chunkStart += currentChunk.length;
    currentChunk = chunk;
    parser.write(chunk);
    if (queue.length > 0) {
      yield queue;
      queue = [];
    }
  }
  parser.close();
  if (queue.length > 0) yield queue;
}
