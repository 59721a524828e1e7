/** The fields `claude-mem edit` lets you change (what PATCH /api/observations/:id accepts). */
export interface EditableFields {
  title: string;
  narrative: string;
  facts: string[];
}

/**
 * The text an editor opens: `title:` on one line, `narrative: |` then its lines indented by two
 * spaces, `facts:` then one `  - ` line each; `#` lines are comments. A small YAML-like shape, so
 * people can read it, without a YAML parser.
 */
export function renderEditable(id: number, fields: EditableFields): string {
  return [
    `# claude-mem edit: observation #${id}. Change the fields below, save and close the editor.`,
    '# Lines starting with # are ignored; leave the file as it is to change nothing.',
    `title: ${fields.title}`,
    'narrative: |',
    ...fields.narrative.split('\n').map((line) => (line === '' ? '' : `  ${line}`)),
    'facts:',
    ...fields.facts.map((fact) => `  - ${fact}`),
    '',
  ].join('\n');
}

/** The file could not be read back: where and why. */
export class EditParseError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'EditParseError';
  }
}

type Key = keyof EditableFields;

const KEY_LINE = /^(title|narrative|facts):(.*)$/;

/** Reads the edited text back; throws {@link EditParseError} naming the first bad line. */
export function parseEditable(text: string): EditableFields {
  const fields: Partial<EditableFields> = {};
  let open: Key | undefined;
  const narrative: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const at = index + 1;
    if (line.startsWith('#')) return;
    const key = KEY_LINE.exec(line);
    if (key) {
      open = startField(key[1] as Key, (key[2] ?? '').trim(), fields, at);
      return;
    }
    if (line.trim() === '') {
      if (open === 'narrative') narrative.push('');
      return;
    }
    if (open === 'narrative' && line.startsWith('  ')) narrative.push(line.slice(2));
    else if (open === 'facts' && /^\s*- /.test(line))
      fields.facts?.push(line.replace(/^\s*- /, '').trim());
    else
      throw new EditParseError(
        at,
        `"${line.slice(0, 40)}" is not a field: expected "title: ...", "narrative: |" with lines indented by two spaces, or "facts:" with "  - ..." lines`,
      );
  });
  if (fields.title === undefined)
    throw new EditParseError(1, 'no "title:" line: the title is required');
  if (fields.narrative !== undefined) fields.narrative = narrative.join('\n').trim();
  return { title: fields.title, narrative: fields.narrative ?? '', facts: fields.facts ?? [] };
}

function startField(key: Key, rest: string, fields: Partial<EditableFields>, at: number): Key {
  if (fields[key] !== undefined) throw new EditParseError(at, `"${key}" appears twice`);
  if (key === 'title') {
    if (rest === '') throw new EditParseError(at, 'the title must not be empty');
    fields.title = rest;
  } else if (key === 'narrative') {
    if (rest !== '|' && rest !== '')
      throw new EditParseError(at, 'write "narrative: |", then its lines indented by two spaces');
    fields.narrative = '';
  } else {
    if (rest !== '') throw new EditParseError(at, 'write "facts:", then one "  - fact" line each');
    fields.facts = [];
  }
  return key;
}

/** Only what changed, as the PATCH body; undefined when nothing did. */
export function changedFields(
  before: EditableFields,
  after: EditableFields,
): Partial<EditableFields> | undefined {
  const patch: Partial<EditableFields> = {};
  if (after.title !== before.title) patch.title = after.title;
  if (after.narrative !== before.narrative.trim()) patch.narrative = after.narrative;
  if (JSON.stringify(after.facts) !== JSON.stringify(before.facts)) patch.facts = after.facts;
  return Object.keys(patch).length > 0 ? patch : undefined;
}
