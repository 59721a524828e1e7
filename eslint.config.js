import tseslint from 'typescript-eslint';

/** Import directions of ARCHITECTURE.md: each folder may import only the folders listed. */
const ALLOWED = {
  domain: [],
  config: [],
  privacy: ['config'],
  spool: ['config'],
  capture: ['config', 'privacy', 'spool'],
  client: ['config'],
  store: ['config', 'privacy'],
  anchors: ['config', 'store'],
  transcripts: [],
  compress: ['config', 'privacy'],
  search: ['config', 'store'],
  context: ['config', 'store', 'search', 'anchors'],
  hooks: ['config', 'privacy', 'spool', 'capture', 'client'],
  mcp: ['config', 'client'],
  team: ['config', 'privacy', 'store'],
  worker: [
    'config',
    'privacy',
    'spool',
    'capture',
    'client',
    'store',
    'anchors',
    'compress',
    'search',
    'context',
    'team',
    'transcripts',
  ],
};
const FOLDERS = [...Object.keys(ALLOWED), 'cli', 'ui'];
/** src/domain holds the shared words: every folder may import it (ARCHITECTURE.md). */
for (const [folder, allowed] of Object.entries(ALLOWED))
  if (folder !== 'domain') allowed.push('domain');

/**
 * One rule per folder and depth: a file `d` folders below src/<folder> reaches another top folder
 * only through `d` times `../`, so a room named like a top folder (src/store/team/, src/worker/
 * capture/) is its own folder's room, not the top folder.
 */
const boundaries = Object.entries(ALLOWED).flatMap(([folder, allowed]) =>
  [1, 2, 3].map((depth) => {
    const up = '../'.repeat(depth);
    return {
      files: [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: FOLDERS.filter((other) => other !== folder && !allowed.includes(other)).map(
              (other) => ({
                group: [`${up}${other}/*`, `${up}${other}`],
                message: `src/${folder} may import only: ${allowed.join(', ') || 'nothing of ours'} (ARCHITECTURE.md)`,
              }),
            ),
          },
        ],
      },
    };
  }),
);

/** The leaf imports nothing: no folder of ours, no npm package (the viewer bundles it too). */
const domainLeaf = {
  files: ['src/domain/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [{ regex: '^(?!\\./)', message: 'src/domain imports nothing (ARCHITECTURE.md)' }],
      },
    ],
  },
};

const TEXT_ONLY = 'Memory content is rendered as text (React escapes it); no raw HTML.';
const UI_ONLY =
  'src/ui may import only its own files and src/domain; it talks to the worker over HTTP (ARCHITECTURE.md)';

/** The viewer: text-only rendering, and only src/ui/src/api.ts talks to the worker. */
const viewer = [
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: TEXT_ONLY },
        {
          selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
          message: TEXT_ONLY,
        },
        {
          selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/]',
          message: TEXT_ONLY,
        },
      ],
    },
  },
  {
    files: ['src/ui/src/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./(?!\\.\\./domain/)|node:)', message: UI_ONLY }] },
      ],
    },
  },
  {
    files: ['src/ui/src/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./\\.\\./(?!\\.\\./domain/)|node:)', message: UI_ONLY }] },
      ],
    },
  },
  {
    files: ['src/ui/src/**/*.{ts,tsx}'],
    ignores: ['src/ui/src/api.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'EventSource', 'XMLHttpRequest', 'WebSocket'].map((name) => ({
          name,
          message: 'Only src/ui/src/api.ts talks to the worker.',
        })),
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'src/ui/dist/**', '.scratch/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
  domainLeaf,
  ...viewer,
);
