/**
 * `npm test`: every check, in order, stopping at the first failure. Each step is one command a
 * developer can also run alone (the names match package.json scripts).
 */
import { spawnSync } from 'node:child_process';

const steps: [name: string, command: string][] = [
  ['typecheck', 'npx tsc -p tsconfig.json --noEmit'],
  ['lint', 'npx biome ci .'],
  ['unit and web', 'npx vitest run --project unit --project web'],
  ['integration', 'npx vitest run --project integration'],
  ['build', 'npm run build'],
  ['infra', 'npx vitest run --project infra'],
  ['synth', 'npm run synth'],
  ['browser', 'npm run test:e2e'],
];

const only = process.argv.slice(2);
const selected = only.length ? steps.filter(([name]) => only.includes(name)) : steps;
let passed = 0;
const started = Date.now();
for (const [name, command] of selected) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${command}`);
  const result = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    console.log(`steps: ${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed += 1;
  console.log(`✓ ${name} (${seconds}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`steps: ${passed} passed, 0 failed`);
