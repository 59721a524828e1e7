// C0 and C1 controls but tab and newline, and DEL: ESC and CSI move the cursor and clear the
// screen, OSC sets the window title, CR overwrites a line (issue 30: a teammate's title did all).
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * `text` with every control character but tab and newline written as its `\uXXXX` escape, so
 * memory text (a teammate's, an import's) cannot drive the terminal it is printed to. Inside
 * JSON output the escape is the same string (JSON.stringify leaves C1 characters raw).
 */
export function terminalSafe(text: string): string {
  return text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
