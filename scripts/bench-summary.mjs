// The summary table of bench/REPORT.md: the headline figures picked out of each bench's own
// Markdown tables, with the baseline that bench measured in the same run and the ratio. Rows are
// found by their first cell; when a bench's output changes shape, or it did not run, its row says
// so and points at its section.

/** Every `| a | b |` line of `text` as an array of trimmed cells. */
function tableRows(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|') && line.endsWith('|') && !/^\|[\s|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const percent = (cell) => Number(String(cell).replace('%', ''));
const ratio = (a, b) => (Number.isFinite(a / b) && b !== 0 ? `${(a / b).toFixed(2)}x` : '');

/** Picks rows by the start of their first cell; `all` finds every match. */
function finder(rows) {
  const find = (prefix) => rows.find((row) => row[0]?.startsWith(prefix)) ?? [];
  const all = (prefix) => rows.filter((row) => row[0]?.startsWith(prefix));
  return { find, all };
}

const PICKERS = {
  'hook-latency': (rows) => {
    const { find } = finder(rows);
    const bare = find('node -e ""');
    const events = [
      'PostToolUse',
      'UserPromptSubmit',
      'PostToolUseFailure',
      'Stop',
      'SubagentStop',
      'PreCompact',
      'SessionEnd',
    ];
    return events.map((event) => {
      // Exact: "PostToolUse" is also the start of "PostToolUseFailure".
      const row = rows.find((r) => r[0] === `node dist/hook.cjs ${event}`) ?? [];
      return [
        `${event} hook wall time, p50 / p95`,
        `${row[1]} / ${row[2]} ms`,
        `\`node -e ""\` ${bare[1]} / ${bare[2]} ms`,
        `${row[4]} / ${row[5]}`,
      ];
    });
  },
  'ingest-throughput': (rows) => {
    const { find } = finder(rows);
    const base = find('baseline');
    const line = (label, row) => [
      label,
      `${row[2]} events/s`,
      `plain INSERTs ${base[2]} events/s`,
      `time ${row[3]}`,
    ];
    return [
      line(
        'worker ingest throughput (real worker draining the spool)',
        find('worker process drains'),
      ),
      line('ingest throughput in process (ingestAll)', find('ingestAll in process')),
    ];
  },
  'worker-start': (rows) => {
    const { find } = finder(rows);
    const bare = find('baseline: node -e');
    const http = find('baseline: bare node:http');
    const line = (label, row) => [
      label,
      `${row[1]} ms (p95 ${row[2]})`,
      `\`node -e ""\` ${bare[1]} ms; bare http server ${http[1]} ms`,
      `${row[3]} / ${row[4]}`,
    ];
    return [
      line('worker start to healthy, fresh data folder, p50', find('worker, fresh')),
      line('worker start to healthy, 10k observations, p50', find('worker, 10k')),
    ];
  },
  'worker-rss': (rows) => {
    const { find } = finder(rows);
    const bare = find('baseline: bare node, idle');
    const http = find('baseline: bare node:http');
    const imported = rows.find((row) => /bulk import/.test(row[0] ?? '')) ?? [];
    const loaded = rows.find((row) => /observations, after/.test(row[0] ?? '')) ?? [];
    return [
      [
        'worker RSS, idle',
        `${find('worker, idle')[1]} MB`,
        `bare node ${bare[1]} MB`,
        find('worker, idle')[3],
      ],
      [
        `worker RSS, ${(loaded[0] ?? '100k observations').replace(/^worker, /, '')}`,
        `${loaded[1]} MB (peak ${loaded[2]})`,
        `bare node ${bare[1]} MB`,
        loaded[3],
      ],
      [
        'worker RSS after the searches, against a bare http server',
        `${loaded[1]} MB`,
        `bare node:http server ${http[1]} MB`,
        ratio(Number(loaded[1]), Number(http[1])),
      ],
      [
        `worker peak RSS, ${(imported[0] ?? 'bulk import').replace(/^worker, /, '')}`,
        `${imported[2]} MB peak`,
        `bare node:http server ${http[1]} MB`,
        imported[4] ?? '',
      ],
    ];
  },
  'db-bytes': (rows) => {
    const { find } = finder(rows);
    const line = (label, row) => [label, `${row[2]} KB`, `stored text ${row[3]} KB`, row[4]];
    return [
      line(
        'database bytes per observation, real corpus (its events included)',
        find('real corpus'),
      ),
      line('database bytes per observation, 100k observations alone', find('synthetic')),
      line('bytes per 512-d vector', find('512-d vectors')),
    ];
  },
  'compress-cost': (rows) => {
    const { find } = finder(rows);
    const ours = find('claude-mem (per-turn');
    const theirs = find('incumbent');
    return [
      [
        'compression tokens per observation',
        `${ours[4]} (${ours[2]} requests/turn)`,
        `incumbent approach, simulated: ${theirs[4]}`,
        `1 / ${(Number(theirs[4]) / Number(ours[4])).toFixed(0)}`,
      ],
    ];
  },
  'search-latency': (rows) => {
    const { find, all } = finder(rows);
    const versus = (label, ours, bare, bareLabel) => [
      `${label}, p50 / p95`,
      `${ours[1]} / ${ours[2]} ms`,
      `${bareLabel} ${bare[1]} / ${bare[2]} ms`,
      `p95 ${ratio(Number(ours[2]), Number(bare[2]))}`,
    ];
    const sizes = all('fts, ').map((row) => row[0].slice(5));
    const latency = sizes.flatMap((n) => {
      const bareFts = find(`bare FTS5 MATCH ORDER BY rank LIMIT 20, ${n}`);
      return [
        versus(`search fts, ${n}`, find(`fts, ${n}`), bareFts, 'bare FTS5 ORDER BY rank'),
        versus(
          `search hybrid (query embedding excluded), ${n}`,
          find(`hybrid, ${n}`),
          bareFts,
          'bare FTS5 ORDER BY rank',
        ),
        versus(
          `SessionStart context build, ${n}`,
          find(`context, ${n}`),
          all('bare indexed SELECT').find((row) => row[0].endsWith(n)) ?? [],
          'bare indexed SELECT',
        ),
      ];
    });
    const growth = all('fts p95 growth')
      .concat(all('hybrid p95 growth'), all('context p95 growth'))
      .map((row) => [row[0], `${row[1]} -> ${row[2]} ms`, 'target <= 2x', row[3]]);
    const bulk = all('bulk insert (FTS maintained)').map((row) => {
      const n = row[0].split(', ')[1];
      const plain = find(`plain INSERTs, no index, ${n}`);
      return [row[0], `${row[2]} obs/s`, `plain INSERTs ${plain[2]} obs/s`, row[3]];
    });
    const hook = find('SessionStart hook');
    const bare = find('node -e ""');
    return [
      ...latency,
      ...growth,
      ...bulk,
      [
        `${hook[0] ?? 'SessionStart hook'} wall time, p50 / p95`,
        `${hook[1]} / ${hook[2]} ms`,
        `\`node -e ""\` ${bare[1]} / ${bare[2]} ms`,
        (hook[4] ?? '').split(';')[0],
      ],
    ];
  },
  'anchor-validate': (rows) => {
    const { find } = finder(rows);
    const checks = rows
      .filter(
        (row) =>
          /^\d+ anchors/.test(row[0] ?? '') && /^check, unchanged|^check after/.test(row[1] ?? ''),
      )
      .map((row) => [
        `anchor check, ${row[0].split(' (')[0]}, ${row[1]}`,
        `${row[2]} ms`,
        '',
        row[3],
      ]);
    const bare = find('node -e ""');
    const plain = find('SessionStart hook (10k obs, no anchors)');
    const hook = find('SessionStart hook (10k obs x 3 anchors');
    return [
      ...checks,
      [
        'SessionStart hook, 10k obs x 3 anchors, p50 / p95',
        `${hook[1]} / ${hook[2]} ms`,
        `\`node -e ""\` ${bare[1]} / ${bare[2]} ms; no anchors ${plain[1]} / ${plain[2]} ms`,
        (hook[3] ?? '').split(';')[0],
      ],
    ];
  },
  recall: (rows) => {
    const { all } = finder(rows);
    const [fts = [], knownFts = []] = all('fts');
    const [vector = [], knownVector = []] = all('vector');
    const [hybrid = [], knownHybrid = []] = all('hybrid');
    const line = (label, row) => [
      label,
      `${row[1]} / ${row[2]}`,
      `fts ${fts[1]} / ${fts[2]}`,
      `@10: ${ratio(percent(row[2]), percent(fts[2]))} fts`,
    ];
    return [
      line('LoCoMo recall_all@5 / @10 (all ten), hybrid', hybrid),
      line('LoCoMo recall_all@5 / @10 (all ten), vector', vector),
      [
        'known-item top-5 rate, hybrid / vector',
        `${knownHybrid[1]} / ${knownVector[1]}`,
        `fts ${knownFts[1]}`,
        `hybrid ${ratio(percent(knownHybrid[1]), percent(knownFts[1]))} fts`,
      ],
    ];
  },
  paraphrase: (rows) => {
    const { find } = finder(rows);
    const fts = find('fts');
    const hybrid = find('hybrid');
    const fused = find('hybrid + phrasings');
    return [
      [
        'paraphrase top-5, hybrid: no keys / with search keys / + phrasings',
        `${hybrid[1]} / ${hybrid[2]} / ${fused[2]}`,
        `fts ${fts[1]} / ${fts[2]}`,
        `keys ${ratio(percent(hybrid[2]), percent(hybrid[1]))} no keys`,
      ],
    ];
  },
  soak: (rows) => {
    const checks = rows.filter((row) => row[1] === 'ok' || row[1] === 'FAILED');
    const rss = rows.find((row) => /RSS/.test(row[0] ?? '')) ?? [];
    return [
      [
        'soak (5 min, 50 sessions): checks passed',
        `${checks.filter((row) => row[1] === 'ok').length} of ${checks.length}`,
        '',
        '',
      ],
      ['soak: worker RSS over the quiet tail', rss[2] ?? '', 'first third of the tail', ''],
    ];
  },
  'team-sync': (rows) => {
    const { find } = finder(rows);
    const push = find('team push');
    const plain = find('baseline: plain INSERT');
    const pull = find('push on one member');
    const bytes = find('claude_mem.memories');
    const json = find('the JSON content');
    return [
      [
        `team push, ${push[1]} observations from ${/(\d+) members/.exec(push[0] ?? '')?.[1]} members at once`,
        `${push[3]} rows/s`,
        `plain INSERT ... ON CONFLICT, one client ${plain[3]} rows/s`,
        `time ${ratio(Number(plain[3]), Number(push[3]))}`,
      ],
      [
        "team pull latency, push to found in a teammate's search, p50 / p95",
        `${pull[2]} / ${pull[3]} ms`,
        '',
        '',
      ],
      [
        'team server bytes per observation',
        `${bytes[1]} B`,
        `JSON content ${json[1]} B`,
        ratio(Number(bytes[1]), Number(json[1])),
      ],
    ];
  },
};

/**
 * The summary rows of one bench: `[figure, value, baseline, ratio]`. `text` undefined (the bench
 * is missing or failed) gives one row saying so.
 */
export function summaryRows(name, text) {
  const pick = PICKERS[name];
  if (!pick) return [];
  if (text === undefined)
    return [[name, '**not measured** (missing or failed: see its section)', '', '']];
  try {
    return pick(tableRows(text)).map((row) =>
      row.map((cell) => String(cell ?? '').replaceAll('|', '/')),
    );
  } catch (error) {
    return [[name, `see its section (${String(error)})`, '', '']];
  }
}
