/**
 * A streaming scan of the XML inside an XLSX (docs/decisions/048-spreadsheets-read-with-limits.md):
 * text is pushed as it is unzipped and the handler hears each element's start, end and text as
 * they come, so nothing but the current tag is held. It reads what spreadsheet writers produce:
 * elements (a namespace prefix dropped from their names), attributes, text with the predefined
 * and numeric entities, CDATA; comments and processing instructions are skipped. A DOCTYPE (the
 * way to define entities that expand) is refused, as is a tag longer than MAX_TAG_CHARS.
 */
export type XmlHandler = {
  /** An element starts: its local name, its attributes' raw text (read with `attributeOf`). */
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Text inside the current element, entities decoded; one run of text may come in pieces. */
  text(text: string): void;
};

export class XmlError extends Error {}

/** No tag a spreadsheet writer makes comes near this; it bounds what one unfinished tag holds. */
const MAX_TAG_CHARS = 64 * 1024;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (text.indexOf('&') === -1) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
/** Text as an XML parser gives it: line ends made '\n' (XML 1.0, 2.11), entities decoded. */
const textOf = (raw: string) => decodeEntities(raw.indexOf('\r') === -1 ? raw : raw.replace(/\r\n?/g, '\n'));

/** One attribute's decoded value from an element's attribute text; a prefix is ignored ('r:id' is 'id'). */
export function attributeOf(attributes: string, name: string): string | undefined {
  const pattern = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let match = pattern.exec(attributes); match; match = pattern.exec(attributes)) {
    if (localName(match[1]!) === name) return decodeEntities(match[2] ?? match[3] ?? '');
  }
  return undefined;
}

export class XmlScanner {
  /** The start of a tag (or an entity) whose end has not arrived yet. */
  private rest = '';

  constructor(private readonly handler: XmlHandler) {}

  push(chunk: string): void {
    const text = this.rest ? this.rest + chunk : chunk;
    this.rest = '';
    let at = 0;
    while (at < text.length) {
      const lt = text.indexOf('<', at);
      if (lt === -1) {
        // Text to the end; an entity or a '\r' cut by the chunk's end waits for the rest of it.
        const amp = text.lastIndexOf('&');
        let end = amp >= at && text.indexOf(';', amp) === -1 && text.length - amp < 12 ? amp : text.length;
        if (end > at && text.charCodeAt(end - 1) === 0x0d) end--;
        if (end > at) this.handler.text(textOf(text.slice(at, end)));
        this.keep(text.slice(end));
        return;
      }
      if (lt > at) this.handler.text(textOf(text.slice(at, lt)));
      const next = this.tag(text, lt);
      if (next === -1) {
        this.keep(text.slice(lt));
        return;
      }
      at = next;
    }
  }

  /** The end of the text: an unfinished tag is a broken file. */
  end(): void {
    if (this.rest.trim()) throw new XmlError('the XML ends inside a tag');
  }

  private keep(rest: string): void {
    if (rest.length > MAX_TAG_CHARS) throw new XmlError(`a tag is longer than ${MAX_TAG_CHARS} characters`);
    this.rest = rest;
  }

  /** Reads the tag at `lt`; the index after it, or -1 when its end is not in `text` yet. */
  private tag(text: string, lt: number): number {
    const second = text.charCodeAt(lt + 1);
    if (Number.isNaN(second)) return -1;
    if (second === 0x3f /* ? */) return skipTo(text, lt, '?>');
    if (second === 0x21 /* ! */) {
      if (text.startsWith('<!--', lt)) return skipTo(text, lt, '-->');
      if (text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end === -1) return -1;
        this.handler.text(text.slice(lt + 9, end).replace(/\r\n?/g, '\n'));
        return end + 3;
      }
      if (text.length - lt < 9) return -1; // '<![CDATA[' may be cut by the chunk's end
      throw new XmlError('a DOCTYPE or other declaration is not read');
    }
    // An element's end: the first '>' outside quoted attribute values.
    let quote = 0;
    let gt = -1;
    for (let i = lt + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 0x22 || c === 0x27) {
        quote = c;
      } else if (c === 0x3e) {
        gt = i;
        break;
      }
    }
    if (gt === -1) return -1;
    if (second === 0x2f /* / */) {
      this.handler.close(localName(text.slice(lt + 2, gt).trim()));
      return gt + 1;
    }
    const selfClosing = text.charCodeAt(gt - 1) === 0x2f;
    const inner = text.slice(lt + 1, selfClosing ? gt - 1 : gt);
    const space = inner.search(/\s/);
    const name = space === -1 ? inner : inner.slice(0, space);
    this.handler.open(localName(name), space === -1 ? '' : inner.slice(space), selfClosing);
    if (selfClosing) this.handler.close(localName(name));
    return gt + 1;
  }
}

function skipTo(text: string, from: number, end: string): number {
  const at = text.indexOf(end, from + 2);
  return at === -1 ? -1 : at + end.length;
}
