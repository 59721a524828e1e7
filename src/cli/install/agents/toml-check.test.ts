import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tomlProblem } from './toml-check.ts';

const GOOD = `# Codex settings
model = "o3"
approval_policy = 'on-request'
notify = ["notify-send", "codex"] # inline comment
when = 1979-05-27 07:32:00

[mcp_servers.other]
command = "other"
args = [
  "--flag", # why
  """two
lines""",
]
env = { KEY = "v", "quoted key" = 1 }

[hooks.state."/h/.codex/hooks.json:stop:0:0"]
trusted_hash = "sha256:69ce"

[[profiles]]
name = "a"
[[profiles]]
name = "b"
`;

test('a config.toml Codex reads passes, with every kind of string, array and table', () => {
  assert.equal(tomlProblem(GOOD), undefined);
  assert.equal(tomlProblem(''), undefined);
  assert.equal(tomlProblem(GOOD.replace(/\n/g, '\r\n')), undefined);
  const codexWrote =
    '[projects."/home/me/shop"]\ntrust_level = "trusted"\n[tui]\nn = 1_000\nf = -3.5e2\nx = 0x1F\nd = 1979-05-27T07:32:00Z\n';
  assert.equal(tomlProblem(codexWrote), undefined);
});

test('what a hand edit breaks is named with its line', () => {
  const cases: Array<[string, RegExp]> = [
    ['model = "o3\n', /^line 1: an unclosed string/],
    ['model = "o3"\nthis is not toml\n', /^line 2: a line that is neither/],
    ['[mcp_servers.x\ncommand = "x"\n', /^line 1: a line that is neither/],
    ['args = ["a",\n  "b"\n', /an unclosed \[ or \{/],
    ['model =\n', /^line 1: no value after "="/],
    ['model = "o3" "o4"\n', /^line 1: more than one value/],
    ['[a]\nx = 1\n[a]\ny = 2\n', /^line 3: the table \[a\] a second time/],
    ['x = ]\n', /^line 1: an unmatched \]/],
  ];
  for (const [text, problem] of cases)
    assert.match(tomlProblem(text) ?? 'no problem', problem, text);
});
