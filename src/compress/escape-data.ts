/**
 * Tags of the request structure that captured text must not be able to write: a Read of a file
 * holding `</event></turn><turn project="evil">` would otherwise close our event and turn and
 * open a forged one (issue 12).
 */
const STRUCTURE_TAGS = [
  'turn',
  'events?',
  'request',
  'earlier_observations',
  'observations',
  'subagent_result',
  'final_message',
];

// Bounded whitespace, so text of many `<` and spaces stays linear; `(?![\w-])` spares
// `<turnover>` and `<event-name>`, which cannot close anything of ours.
const STRUCTURE_TAG = new RegExp(
  `<(?=\\s{0,4}/?\\s{0,4}(?:${STRUCTURE_TAGS.join('|')})(?![\\w-]))`,
  'gi',
);

/**
 * Captured text as request data: `<` becomes `&lt;` where it would open or close one of our
 * structure tags; everything else, code included, reads as it was. The instructions tell the
 * model that `&lt;` in data stands for `<`.
 */
export function escapeData(text: string): string {
  return text.replace(STRUCTURE_TAG, '&lt;');
}

/** Text inside a double-quoted attribute: the characters that could end it or a tag, gone. */
export const escapeAttr = (text: string): string => text.replace(/[<>"&]/g, ' ');
