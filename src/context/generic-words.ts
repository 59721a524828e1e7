/**
 * Words of everyday coding work: what any prompt of a coding session may say ("fix the typo in
 * the README", "run the tests", "bump the version") and what many memories say too ("Fixed the
 * failing test"). However rare one is in a memory, it says nothing about WHICH memory a prompt
 * needs, so prompt-time recall never counts it as a content signal (issue 32: 11 of 20 ordinary
 * prompts drew injections when it did). Calibrated on test/fixtures/recall/no-need-prompts.txt;
 * a word shaped like an identifier (rateLimiter, 014) is never generic.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(
  (
    'and not but above add added adding again annotation annotations api app application async await ' +
    'better branch break breaks broke broken bug bugs build builds bump bumped ' +
    'call calls change changed changelog changes check checker clarity class classes clean ' +
    'cleanup clear clearer code comment comments commit commits condition config conflict ' +
    'conflicts console constant continue convert create created current debug delete deleted ' +
    'dependencies dependency deploy dev diff doc docs docstring documentation documented done ' +
    'dead english entry environment error errors everything explain explaining export exported ' +
    'extract fail failed failing fails faster feature file files find first fix fixed fixes ' +
    'flaky folder format formatted formatting function functions generated git gitignore going ' +
    'good grammar guide handling helper helpers ignore implement import imports improve ' +
    'increase indentation inline install installation installing issue jsdoc keep last latest ' +
    'leave line lines link lint linter list locally log logging logs longer looks loop main ' +
    'make map merge merged message method methods mistake mistakes move name naming new next ' +
    'node only output own pass passes print prints production project prettier pull push ' +
    'quick readable readme rebase refactor release remove removed rename renamed reorder ' +
    'request resolve resolved restart review revert run running same script search section ' +
    'server set setup short shorter show simplify skip small sort spelling split stable stage three two ' +
    'start stop suggestions suite summarize summary switch tag test tested testing tests ' +
    'thanks timeout todo translate tried type types typo undo unit unused update updated ' +
    'usage usages used variable variables version work working write writing wrong yes'
  ).split(' '),
);

/** An identifier or a number: never generic, however common its letters (README is generic). */
const IDENTIFIER = /\d|[a-z][A-Z]/;

/** Whether `word` (as written in the prompt) is an everyday coding word. */
export const isGeneric = (word: string): boolean =>
  !IDENTIFIER.test(word) && GENERIC_WORDS.has(word.toLowerCase());
