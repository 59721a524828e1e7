const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five XML entities and numeric character references; unknown ones stay. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,4});/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Text of a field: CDATA sections kept verbatim, entities decoded elsewhere, space collapsed. */
export function fieldText(raw: string): string {
  const parts = raw.split(/<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)/);
  const text = parts
    .map((part, index) => (index % 2 === 1 ? part : decodeEntities(part.replace(/<[^>]*>/g, ' '))))
    .join('');
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The inner text of the first `<name>` element in `block`. An element that is never closed
 * (truncated output) runs to the next opening tag of `stopAt`, or to the end.
 */
export function elementInner(
  block: string,
  name: string,
  stopAt: readonly string[] = [],
): string | undefined {
  const open = new RegExp(`<${name}(?:\\s[^>]*)?>`, 'i').exec(block);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const rest = block.slice(start);
  const close = new RegExp(`</${name}\\s*>`, 'i').exec(rest);
  if (close) return rest.slice(0, close.index);
  const stops = stopAt.map((stop) => rest.search(new RegExp(`<${stop}[\\s>]`, 'i')));
  const end = Math.min(...stops.filter((index) => index >= 0), rest.length);
  return rest.slice(0, end);
}

/**
 * The first field of `block` that opens and is never closed although more markup follows it (a
 * later field's tag or the parent's closing tag): broken XML, not output cut off by the token
 * limit, which ends inside its last field. `<title>unclosed <type>x` gives `title`.
 */
export function unclosedField(
  block: string,
  parent: string,
  fields: readonly string[],
): string | undefined {
  const after = new RegExp(`<(?:/?(?:${fields.join('|')})|/${parent})[\\s>]`, 'i');
  return fields.find((name) => {
    const open = new RegExp(`<${name}(?:\\s[^>]*)?>`, 'i').exec(block);
    if (!open) return false;
    const rest = block.slice(open.index + open[0].length);
    if (new RegExp(`</${name}\\s*>`, 'i').test(rest)) return false;
    return after.test(rest);
  });
}

/** The texts of every `<item>` inside `raw`, empty ones dropped. */
export function itemTexts(raw: string | undefined, item: string): string[] {
  if (raw === undefined) return [];
  const texts: string[] = [];
  const pattern = new RegExp(
    `<${item}(?:\\s[^>]*)?>([\\s\\S]*?)(?:</${item}\\s*>|(?=<${item}[\\s>])|$)`,
    'gi',
  );
  for (const match of raw.matchAll(pattern)) {
    const text = fieldText(match[1] ?? '');
    if (text !== '') texts.push(text);
  }
  return texts;
}

/**
 * Splits `text` into the blocks of every `<name>` element: from its opening tag to its closing
 * tag, or, when it is never closed, to the next opening tag of the same name or the end.
 */
export function elementBlocks(text: string, name: string): string[] {
  const starts = [...text.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>`, 'gi'))].map((m) => m.index);
  return starts.map((start, index) => {
    const end = starts[index + 1] ?? text.length;
    const slice = text.slice(start, end);
    const close = new RegExp(`</${name}\\s*>`, 'i').exec(slice);
    return close ? slice.slice(0, close.index + close[0].length) : slice;
  });
}
