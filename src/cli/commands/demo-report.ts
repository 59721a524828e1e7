type Row = Record<string, unknown>;

/** How much of one tool input the demo prints; the rest is counted, never cut silently. */
const SHOWN_CHARS = 240;

const REDACTED = /[^\n"]*\[REDACTED:[^\]]+\][^\n"]*/;

const shown = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ');
  const rest = flat.length - SHOWN_CHARS;
  return rest > 0
    ? `${flat.slice(0, SHOWN_CHARS)}… (+${rest.toLocaleString('en-US')} characters)`
    : flat;
};

/**
 * The captured prompts as stored, each marked where the replayed original held a `<private>`
 * block (`originals` are the prompts as typed, in the same order).
 */
export function promptLines(prompts: readonly Row[], originals: readonly string[]): string[] {
  return prompts.flatMap((prompt, index) => [
    `  prompt ${String(prompt.prompt_number)}: ${String(prompt.text)}`,
    ...(/<private>/i.test(originals[index] ?? '')
      ? [
          '      ^ marked: the <private>…</private> block you typed was stripped here; it is stored nowhere',
        ]
      : []),
  ]);
}

/** The captured tool events, each with its input and, marked, any secret that was redacted. */
export function eventLines(events: readonly Row[]): string[] {
  return events.flatMap((event) => {
    const fields = [event.tool_input, event.tool_response, event.error].map((v) =>
      typeof v === 'string' ? v : '',
    );
    // Stored inputs and outputs are JSON: its escaped newlines split the lines we quote.
    const redacted = fields
      .map((text) => REDACTED.exec(text.replaceAll('\\n', '\n'))?.[0])
      .find(Boolean);
    return [
      `  #${String(event.id)} ${String(event.tool_name)} ${shown(fields[0] ?? '')}`,
      ...(redacted
        ? [
            `      ^ marked: a secret in its output was redacted before storage: ${shown(redacted.trim())}`,
          ]
        : []),
    ];
  });
}
