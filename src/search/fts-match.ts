// The FTS5 match expressions search writes (fts-query.ts, fts-exact.ts), read back as a tree:
// quoted phrases (a `*` after one for a prefix), parentheses, OR and AND (written or implied),
// AND binding tighter than OR as in FTS5. Anything else (NOT, NEAR, a column filter, a bare
// word) is not read: the caller then lets FTS5 rank the query itself.

/** A match expression: a phrase (by its index in {@link MatchTree.phrases}), AND or OR. */
export type MatchNode =
  { kind: 'phrase'; at: number } | { kind: 'and' | 'or'; children: MatchNode[] };

/** A parsed match: its tree, and its phrases in the order FTS5 numbers them (left to right). */
export interface MatchTree {
  root: MatchNode;
  /** Each phrase as written (`"word"`, `"two words"`, `"pre"*`): alone, a query of its own. */
  phrases: string[];
}

const TOKEN = /\s*(?:("(?:[^"]|"")*"\*?)|(\()|(\))|(OR|AND)(?=[\s("]|$)|(\S))/y;

type Token = { kind: 'phrase'; text: string } | { kind: '(' | ')' | 'OR' | 'AND' };

function tokens(match: string): Token[] | undefined {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < match.length) {
    const found = TOKEN.exec(match);
    if (!found) break;
    const [, phrase, open, close, operator, other] = found;
    if (other !== undefined) return undefined;
    if (phrase !== undefined) out.push({ kind: 'phrase', text: phrase });
    else if (open !== undefined) out.push({ kind: '(' });
    else if (close !== undefined) out.push({ kind: ')' });
    else if (operator !== undefined) out.push({ kind: operator as 'OR' | 'AND' });
  }
  return out;
}

/** `match` as a tree, or undefined when it uses more of FTS5's syntax than search writes. */
export function parseMatch(match: string): MatchTree | undefined {
  const list = tokens(match);
  if (!list || list.length === 0) return undefined;
  const phrases: string[] = [];
  let at = 0;
  const group = (kind: 'and' | 'or', children: MatchNode[]): MatchNode =>
    children.length === 1 ? children[0]! : { kind, children };
  const unit = (): MatchNode | undefined => {
    const token = list[at];
    if (token?.kind === 'phrase') {
      at += 1;
      phrases.push(token.text);
      return { kind: 'phrase', at: phrases.length - 1 };
    }
    if (token?.kind !== '(') return undefined;
    at += 1;
    const inner = either();
    if (!inner || list[at]?.kind !== ')') return undefined;
    at += 1;
    return inner;
  };
  const both = (): MatchNode | undefined => {
    const children: MatchNode[] = [];
    for (;;) {
      if (list[at]?.kind === 'AND' && children.length > 0) at += 1;
      const next = unit();
      if (!next) return undefined;
      children.push(next);
      const following = list[at]?.kind;
      if (following === undefined || following === ')' || following === 'OR')
        return group('and', children);
    }
  };
  const either = (): MatchNode | undefined => {
    const children: MatchNode[] = [];
    for (;;) {
      const next = both();
      if (!next) return undefined;
      children.push(next);
      if (list[at]?.kind !== 'OR') return group('or', children);
      at += 1;
    }
  };
  const root = either();
  return root && at === list.length ? { root, phrases } : undefined;
}

/** Whether a document holding the phrases `has` says it holds matches `node`. */
export function matches(node: MatchNode, has: (phrase: number) => boolean): boolean {
  if (node.kind === 'phrase') return has(node.at);
  return node.kind === 'and'
    ? node.children.every((child) => matches(child, has))
    : node.children.some((child) => matches(child, has));
}
