/** The text of `claude-mem --help`. Keep it true: the README quotes it. */
export const HELP = `claude-mem: persistent memory for Claude Code

Usage: claude-mem <command> [options]

Commands:
  demo [--data-dir DIR] [--port N]   Replay a sample session through the real hooks and show
                                     what was captured (uses its own data folder)
  install [--project] [--dry-run]    Register the hooks and the MCP server in Claude Code
                                     (~/.claude/settings.json, or the repo's .claude/ with
                                     --project), merging with a backup; starts the worker
  uninstall [--project] [--purge]    Remove exactly what install added (--purge: the data too)
  hook <event>                       Run a hook: SessionStart, UserPromptSubmit, PostToolUse,
                                     PostToolUseFailure, Stop, SubagentStop, PreCompact,
                                     SessionEnd (aliases: context, new, save, summary).
                                     Reads Claude Code's JSON on stdin; always exits 0
  doctor                             Check Node, data folder, database, worker, hooks, MCP,
                                     provider, budget, events and spool; exit 1 on a problem
  status [--json]                    Provider in use and why, events per state, today's tokens
  retry                              Retry failed events
  search <query> [--project P] [--type T] [--since DATE] [--limit N] [--json]
                                     Search the memory
  context [--project P]              Print exactly what SessionStart would inject
  mcp                                Run the MCP server on stdio (Claude Code starts it)
  import-transcripts [--since DATE] [--project NAME] [--dry-run] [--yes] [paths...]
                                     Backfill memory from past Claude Code transcripts
                                     (default ~/.claude/projects); shows a cost preview and
                                     asks before an LLM compresses; rerun to resume
  export [--project P] [--since DATE] [--format json|jsonl] [-o FILE]
                                     Write sessions, prompts, observations, summaries
                                     (default jsonl, to stdout)
  import <file>                      Merge an export (duplicates are skipped)
  forget [ids...] [--query Q] [--project P] [--since D] [--until D] [--yes]
                                     Delete memories (search, context and vectors too);
                                     ids: 123 (observation), S12 (summary), P7 (prompt)
  purge --project NAME [--yes]       Delete everything of a project
  purge --retention [--yes]          Apply retention.maxAgeDays / maxPerProject now
  worker start|stop|restart|status   Manage the background worker (one per user)
  worker logs [-n N]                 Print the last N log lines (default 50)
  config list                        Every setting, its value and where it came from
  config get <key>                   One setting's value
  config set <key> <value>           Validate and save a setting (value as JSON or text)
  config path                        Where the data folder and settings file are

Options:
  -h, --help                         This help
  -v, --version                      The version

Environment:
  CLAUDE_MEM_DATA_DIR                Data folder (default ~/.claude-mem)
  CLAUDE_MEM_PROJECT                 Project name override for the current repository
  CLAUDE_MEM_<SETTING>               Override a setting, e.g. CLAUDE_MEM_WORKER_PORT=37800
`;
