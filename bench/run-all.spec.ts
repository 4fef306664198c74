import { existsSync, readFileSync } from 'node:fs';
import { benchCommands } from './run-all.js';

describe('npm run bench', () => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const benches = benchCommands(scripts);

  it('runs every bench:<name> script, the footprint wrapper around the invoices bench', () => {
    const named = Object.keys(scripts).filter((script) => script.startsWith('bench:') && script !== 'bench:footprint');
    expect(benches.map((bench) => `bench:${bench.name}`)).toEqual(named);
    expect(benches.find((bench) => bench.name === 'invoices')!.command).toEqual([
      'node',
      'dist/bench/footprint.js',
      'node',
      'dist/bench/invoices.bench.js',
    ]);
  });

  it('runs what each script runs after its build, from a source file that exists', () => {
    for (const { command } of benches) {
      const script = command.at(-1)!;
      expect(script).toMatch(/^dist\/bench\/.+\.js$/);
      expect([script, existsSync(script.replace(/^dist\//, '').replace(/\.js$/, '.ts'))]).toEqual([script, true]);
    }
  });
});
