// `npm run check:code`: the type check and typed ESLint in one process, sharing the TypeScript programs.
// Run apart (`npm run typecheck`, then `eslint .`), each builds and checks the same three programs;
// here the compiler checks them once and ESLint's typed rules read the checker it has already filled.
// It reports what the two would: every type error (as `tsc --noEmit`) and every lint problem.
import { ESLint } from 'eslint';
import ts from 'typescript';
import { TYPESCRIPT_PROJECTS } from '../eslint.config.js';

const host = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};

function programOf(project) {
  const config = ts.getParsedCommandLineOfConfigFile(project, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => report([d]) });
  if (!config) process.exit(1);
  return ts.createProgram({
    rootNames: config.fileNames,
    options: { ...config.options, noEmit: true },
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
}

function report(diagnostics) {
  if (diagnostics.length > 0) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
}

const programs = TYPESCRIPT_PROJECTS.map(programOf);
let typeErrors = 0;
for (const program of programs) {
  const diagnostics = ts.getPreEmitDiagnostics(program);
  report(diagnostics);
  typeErrors += diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error).length;
}

// The configuration's `project` list is the same list: a file is linted with the first program that
// holds it, as ESLint alone would.
const eslint = new ESLint({
  overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parserOptions: { project: null, programs } } }],
});
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const lintOutput = await formatter.format(results);
if (lintOutput) process.stdout.write(lintOutput);
const lintErrors = results.reduce((sum, result) => sum + result.errorCount + result.fatalErrorCount, 0);

if (typeErrors > 0) console.error(`${typeErrors} type error(s).`);
if (lintErrors > 0) console.error(`${lintErrors} lint error(s).`);
process.exitCode = typeErrors + lintErrors > 0 ? 1 : 0;
