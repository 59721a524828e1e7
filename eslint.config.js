import tseslint from 'typescript-eslint';

/** Import directions of ARCHITECTURE.md: each folder may import only the folders listed. */
const ALLOWED = {
  config: [],
  privacy: ['config'],
  spool: ['config'],
  capture: ['config', 'privacy', 'spool'],
  client: ['config'],
  store: ['config'],
  transcripts: [],
  compress: ['config', 'privacy'],
  search: ['config', 'store'],
  context: ['config', 'store', 'search'],
  hooks: ['config', 'privacy', 'spool', 'capture', 'client'],
  mcp: ['config', 'client'],
  worker: [
    'config',
    'privacy',
    'spool',
    'capture',
    'client',
    'store',
    'compress',
    'search',
    'context',
  ],
};
const FOLDERS = [...Object.keys(ALLOWED), 'cli', 'ui'];

const boundaries = Object.entries(ALLOWED).map(([folder, allowed]) => ({
  files: [`src/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: FOLDERS.filter((other) => other !== folder && !allowed.includes(other)).map(
          (other) => ({
            group: [`../${other}/*`, `../../${other}/*`, `../${other}`, `../../${other}`],
            message: `src/${folder} may import only: ${allowed.join(', ') || 'nothing of ours'} (ARCHITECTURE.md)`,
          }),
        ),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'src/ui/dist/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
);
