/** Three tiers: unit tests beside the code, API e2e and workflow tests under test/; and the k8s/ manifests. */
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^content-disposition$': '<rootDir>/test/support/cjs/content-disposition.cjs',
  },
  // SWC strips the types (the type check ran once already, in `npm run check:code`), with the
  // decorators and their metadata as tsconfig.json has them for Nest and TypeORM.
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
          target: 'es2023',
        },
        sourceMaps: 'inline',
      },
    ],
  },
};

export default {
  testTimeout: 30_000,
  // Jest's ESM runtime keeps a little of every file it ran: a worker that has grown past this is
  // replaced between files, so the heap (and the time spent collecting it) stays small.
  workerIdleMemoryLimit: '1200MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/api/src/**/*.spec.ts',
        '<rootDir>/workers/src/**/*.spec.ts',
        '<rootDir>/web/*.spec.ts',
        '<rootDir>/web/app/**/*.spec.ts',
        '<rootDir>/web/server/**/*.spec.ts',
        '<rootDir>/bench/**/*.spec.ts',
      ],
    },
    // k8s/ rendered with kubectl kustomize and checked offline against the Kubernetes schemas.
    { ...common, displayName: 'k8s', testMatch: ['<rootDir>/test/k8s/**/*.k8s-spec.ts'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'] },
    // Real processes start and stop here; a loaded CI machine needs more than the default.
    { ...common, displayName: 'workflow', testTimeout: 60_000, testMatch: ['<rootDir>/test/workflow/**/*.workflow-spec.ts'] },
  ],
};
