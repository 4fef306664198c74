import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Compiles an entry point that exists for tests only (test/support/entries/…) beside the built
 * product, at the same place under dist/, so that its imports of ../../../api/src/… reach the
 * compiled product (`npm run build:server` leaves test/ out). Returns the script to run. Only the
 * one file is transpiled: its types are checked with the rest of test/ by `tsc -p tsconfig.json`.
 */
export function buildTestEntry(sourcePath: string): string {
  const { outputText } = ts.transpileModule(readFileSync(sourcePath, 'utf8'), {
    fileName: sourcePath,
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2023, sourceMap: false },
  });
  const script = join('dist', relative('.', sourcePath)).replace(/\.ts$/, '.js');
  mkdirSync(dirname(script), { recursive: true });
  writeFileSync(script, outputText);
  return script;
}
