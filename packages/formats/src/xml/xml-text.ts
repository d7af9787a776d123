/**
 * Characters XML 1.0 cannot carry, not even as references: C0 controls other than tab, line
 * feed and carriage return, lone surrogates, U+FFFE and U+FFFF. Writers replace them with U+FFFD.
 */
// eslint-disable-next-line no-control-regex -- these control characters are exactly what XML 1.0 forbids.
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const TEXT_SPECIAL = /[&<>\r]/;
const ATTR_SPECIAL = /[&<>"\t\n\r]/;

function replaceInvalid(value: string): string {
  return value.replace(XML_INVALID, '\ufffd');
}

/**
 * Element content: `& < >` escaped (`>` too, so `]]>` never appears) and carriage returns as
 * `&#13;`, which a parser would otherwise turn into line feeds.
 */
export function escapeXmlText(value: string): string {
  const clean = replaceInvalid(value);
  if (!TEXT_SPECIAL.test(clean)) return clean;
  return clean.replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#13;'));
}

/** Attribute values: also quotes, and the whitespace a parser would normalise. */
export function escapeXmlAttribute(value: string): string {
  const clean = replaceInvalid(value);
  if (!ATTR_SPECIAL.test(clean)) return clean;
  return clean.replace(/[&<>"\t\n\r]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case '\t':
        return '&#9;';
      case '\n':
        return '&#10;';
      default:
        return '&#13;';
    }
  });
}

/**
 * Text from someone else's XML: a line break plus indentation is pretty-printing and becomes one
 * space; trimmed, blank as `null`. Our own exports never indent values and are read `exact`.
 */
export function cleanXmlText(value: string, exact: boolean): string | null {
  const text = exact ? value : value.replace(/[ \t]*\r?\n[ \t]+/g, ' ');
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}
