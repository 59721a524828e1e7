import { initial } from './001-initial.ts';
import { memory } from './002-memory.ts';
import { compression } from './003-compression.ts';
import { recall } from './004-recall.ts';
import { deletions } from './005-deletions.ts';
import { overview } from './006-overview.ts';
import { anchors } from './007-anchors.ts';
import { team } from './008-team.ts';
import { codeSearch } from './009-code-search.ts';
import { embedderSpace } from './010-embedder-space.ts';
import { counts } from './011-counts.ts';
import { agents } from './012-agents.ts';
import { recallInjected } from './013-recall-injected.ts';
import { ftsBatches } from './014-fts-batches.ts';
import { searchHorizon } from './015-search-horizon.ts';
import { setAside } from './016-set-aside.ts';
import { ownFirst } from './017-own-first.ts';
import { supersession } from './018-supersession.ts';
import { deadEnds } from './019-dead-ends.ts';
import { injectionLedger } from './020-injection-ledger.ts';
import { searchEpoch } from './021-search-epoch.ts';

/** One schema change. Versions are applied in order and never edited once released. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration, oldest first. Append new ones; never reorder or rewrite. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'memory', sql: memory },
  { version: 3, name: 'compression', sql: compression },
  { version: 4, name: 'recall', sql: recall },
  { version: 5, name: 'deletions', sql: deletions },
  { version: 6, name: 'overview', sql: overview },
  { version: 7, name: 'anchors', sql: anchors },
  { version: 8, name: 'team', sql: team },
  { version: 9, name: 'code-search', sql: codeSearch },
  { version: 10, name: 'embedder-space', sql: embedderSpace },
  { version: 11, name: 'counts', sql: counts },
  { version: 12, name: 'agents', sql: agents },
  { version: 13, name: 'recall-injected', sql: recallInjected },
  { version: 14, name: 'fts-batches', sql: ftsBatches },
  { version: 15, name: 'search-horizon', sql: searchHorizon },
  { version: 16, name: 'set-aside', sql: setAside },
  { version: 17, name: 'own-first', sql: ownFirst },
  { version: 18, name: 'supersession', sql: supersession },
  { version: 19, name: 'dead-ends', sql: deadEnds },
  { version: 20, name: 'injection-ledger', sql: injectionLedger },
  { version: 21, name: 'search-epoch', sql: searchEpoch },
];
