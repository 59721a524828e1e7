/** The text of `claude-mem --help`. Keep it true: the README quotes it. */
export const HELP = `claude-mem: persistent memory for Claude Code

Usage: claude-mem <command> [options]

Commands:
  demo [--data-dir DIR] [--port N]   Replay a sample session through the real hooks and show
                                     what was captured (uses its own data folder)
  install [--project] [--dry-run]    Register the hooks and the MCP server in Claude Code
                                     (~/.claude/settings.json, or the repo's .claude/ with
                                     --project), merging with a backup; starts the worker
  install --runtime node|bun|auto    What runs the hooks: node (default), Bun, or auto
                                     (Bun when it is on PATH)
  install --agent codex|gemini|copilot|claude|all [--dry-run]
                                     The same for another coding agent: Codex CLI
                                     ($CODEX_HOME/hooks.json, config.toml), Gemini CLI
                                     (~/.gemini/settings.json), Copilot CLI
                                     ($COPILOT_HOME/hooks/, mcp-config.json); all: every
                                     agent on PATH
  uninstall [--project] [--purge] [--agent A]
                                     Remove exactly what install added (--purge: the data too)
  hook <event>                       Run a hook: SessionStart, UserPromptSubmit, PreToolUse,
                                     PostToolUse, PostToolUseFailure, Stop, SubagentStop,
                                     PreCompact, SessionEnd (aliases: context, new, save,
                                     summary).
                                     Reads Claude Code's JSON on stdin; always exits 0
  doctor [--check-provider]          Check Node, data folder, settings, database, worker, hooks,
                                     MCP, provider and budget, events and spool; exit 1 on a
                                     problem (warnings do not fail). One tiny request checks
                                     the provider and one the embedder: always for a local
                                     server, with --check-provider for one that may cost tokens
  doctor --repair --from-backup FILE | --from-export FILE
                                     Rebuild a damaged database from a copy of claude-mem.db
                                     or an export (the damaged file is kept aside)
  doctor --vacuum                    Give the database's free pages back to the disk (doctor
                                     warns when over a quarter of the file is free)
  status [--json]                    Provider in use and why, events and turns per state,
                                     today's tokens and budget, the embedder's progress
  retry [--quarantine]               Retry failed events and turn ends now (--quarantine:
                                     move quarantined spool files back to the spool)
  usage [--daily|--monthly] [--project P] [--json]
                                     Tokens and estimated dollars compression spent per day
                                     (default) or month and project, with totals
  open                               Print a one-time link that signs this browser in to the
                                     viewer (good once, for 10 minutes); starts the worker
  search <query> [-q|--query Q]... [--project P | --all] [--type T[,T]] [--concept C[,C]]
         [--file F] [--since DATE] [--until DATE] [--session ID] [--author NAME]
         [--scope private|team] [--agent A] [--mode fts|vector|hybrid] [--limit N]
         [--offset N] [--fresh] [--all-time] [--json]
                                     Search the memory: the current folder's project, or P,
                                     or --all projects. Each -q is another phrasing of the
                                     same need (at most 5 in all): each is searched and the
                                     rankings fused. --limit 1-100 (default 20), --offset
                                     pages on; --mode defaults to the search.mode setting;
                                     --fresh leaves out memories whose code changed or is gone;
                                     --author a teammate's memories (me: your own), --scope
                                     only private or only shared ones
                                     --agent: only memories made by claude, codex, gemini or
                                     copilot; --all-time ranks every match however old (a
                                     query of common words only is otherwise ranked among
                                     its newest matches, with a note saying so)
  context [--project P] [--source startup|resume|clear|compact] [--session ID]
          [--agent A]                Print exactly what SessionStart would inject (default:
                                     this folder's project, source startup; --agent: only
                                     that agent's memories)
  verify [--project P] [--json]      Check every memory of the project against the code in
                                     this folder: counts fresh, changed, gone and unknown,
                                     and the changed and gone files
  verify --accept ID                 Confirm a memory: verified knowledge, no longer a
                                     hypothesis, anchored to its files as they are now
  mcp                                Run the MCP server on stdio (Claude Code starts it)
  import-transcripts [--since DATE] [--project NAME] [--dry-run] [-y|--yes] [paths...]
                                     Backfill memory from past Claude Code transcripts
                                     (default ~/.claude/projects); shows a cost preview and
                                     asks before an LLM compresses; rerun to resume
  eval [--dir DIR] [--compare KEY=VALUE] [--provider heuristic|configured] [--since DATE]
       [--project P] [--json] [-y|--yes]
                                     Replay past transcripts (default ~/.claude/projects) in
                                     time order into a throwaway store and report, per recall
                                     moment, how often memory reached the calls that repeated
                                     earlier work and its tokens per turn; --compare runs again
                                     with one setting changed (two columns). Heuristic
                                     compression unless --provider configured (cost preview,
                                     then asks). Your memory is not touched; rerun to resume
  export [--project P] [--since DATE] [--format json|jsonl] [-o|--output FILE]
                                     Write sessions, prompts, observations, summaries
                                     (default jsonl, to stdout)
  import <file>                      Merge an export (duplicates are skipped)
  forget [ids...] [-q|--query Q] [--project P] [--since DATE] [--until DATE] [-y|--yes]
                                     Delete memories (search, context and vectors too);
                                     ids: 123 (observation), S12 (summary), P7 (prompt)
  consolidate [--project P] [--json] Propose merging near-duplicate memories and dropping
                                     noise, as a diff; changes nothing
  consolidate --apply [--project P]  Apply that proposal, journaled; prints its undo id
  consolidate --undo ID              Restore a consolidation exactly as it was before
  show <id> [--json]                 One observation in full: every field, files, session,
                                     dates, whether it is pinned, when it was injected and used
  pin <id>                           Pin an observation: listed first in every context
  unpin <id>                         Unpin it again
  unsink <id>                        Reset its decay: sessions that were given it and did not
                                     use it no longer rank it lower
  edit <id>                          Edit its title, narrative and facts in $EDITOR (or
                                     $VISUAL); saves what changed
  share <id>                         Share one memory with the team: an observation (12) or
                                     a summary (S12); team sync pushes it
  unshare <id>                       Make it private to this machine again (team sync removes
                                     it from the team); a teammate's memory is read-only
  purge --project NAME [-y|--yes]    Delete everything of a project
  purge --retention [-y|--yes]       Apply retention.maxAgeDays / maxPerProject now
  worker start|stop|restart|status   Manage the background worker (one per data folder);
                                     status --json prints its /health answer as JSON
  worker logs [-n N]                 Print the last N log lines (default 50)
  worker run                         Run the worker in the foreground (what start spawns)
  config list                        Every setting, its value and where it came from
  config get <key>                   One setting's value
  config set <key> <value>           Validate and save a setting (value as JSON or text)
  config path                        Where the data folder and settings file are
  team init <admin-url> [--team NAME]
                                     Create or upgrade the team schema (numbered migrations;
                                     members write only through its functions), and the team
  team add-member <role> --url <admin-url> [--team NAME]
                                     Let an existing PostgreSQL role read the team's shared
                                     memory and write its own (idempotent)
  team remove-member <role> --url <admin-url> [--team NAME]
                                     Revoke it: the role reads nothing of the team's memory
  team members --url <admin-url> [--team NAME]
                                     Each member's last push and pull (who is stuck)
  team connect <postgres-url> [--team NAME]
                                     Sync this machine's shared memory as the URL's role (a
                                     password in the URL goes to a 0600 file, not settings;
                                     PG* variables and ~/.pgpass work too)
  team status [--json]               Connected?, role, last sync, backlog, refused rows and
                                     why, a stalled sync with why and the remedy
  team disconnect                    Stop syncing (shared rows stay queued for a reconnect)

DATE: 2025-01-31, a date and time, epoch milliseconds, or an age (90m, 12h, 7d, 2w).

Options:
  -h, --help                         This help; after a command (search --help), its part
  -v, --version                      The version

Environment:
  CLAUDE_MEM_DATA_DIR                Data folder (default ~/.claude-mem)
  CLAUDE_MEM_PROJECT                 Project name override for the current repository
  CLAUDE_MEM_<SETTING>               Override a setting, e.g. CLAUDE_MEM_WORKER_PORT=37800
`;

/**
 * The text about each command in a usage block: its lines (`prefix` + command) and the indented
 * lines that continue them, joined per command (purge and worker have several entries).
 */
export function commandSections(lines: string[], prefix: string): Map<string, string> {
  const sections = new Map<string, string>();
  let current: string | undefined;
  for (const line of lines) {
    const rest = line.startsWith(prefix) ? line.slice(prefix.length) : line;
    if (!/^\s/.test(rest)) current = /^\S+/.exec(rest)?.[0];
    if (current !== undefined) sections.set(current, `${sections.get(current) ?? ''}${line}\n`);
  }
  return sections;
}

/** Each command's part of the Commands block of {@link HELP}. */
function helpSections(lines: string[]): Map<string, string> {
  const from = lines.indexOf('Commands:') + 1;
  return commandSections(lines.slice(from, lines.indexOf('', from)), '  ');
}

/** The commands {@link HELP} lists, in its order (what "did you mean" picks from). */
export const helpCommands = (): string[] => [...helpSections(HELP.split('\n')).keys()];

/** `claude-mem <command> --help`: that command's lines of {@link HELP}, or undefined. */
export function commandHelp(command: string): string | undefined {
  const lines = HELP.split('\n');
  const section = helpSections(lines).get(command);
  if (section === undefined) return undefined;
  const dates = /DATE/.test(section) ? `\n${lines.find((line) => line.startsWith('DATE:'))}\n` : '';
  return `Usage of claude-mem ${command}:\n\n${section}${dates}\nEvery command: claude-mem --help`;
}
