import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('../src/young-generation.ts', import.meta.url));

/** The young generation's size in MiB before and after allocating as a refresh does (objects kept a while, then let go), in a fresh node with these flags. */
function youngGenerationAfterWork(nodeFlags: string[]): { kept: boolean; before: number; after: number } {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { keepYoungGenerationSmall } from ${JSON.stringify(MODULE)};
    const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576;
    const kept = keepYoungGenerationSmall();
    const before = young();
    let held = [];
    for (let i = 0; i < 2e6; i++) { const row = { id: i, name: 'product ' + i }; if (i % 3 === 0) held.push(row); if (held.length > 2e5) held = []; }
    process.stdout.write(JSON.stringify({ kept, before, after: young() }));`;
  const output = execFileSync(process.execPath, [...nodeFlags, '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
  return JSON.parse(output) as { kept: boolean; before: number; after: number };
}

describe("V8's young generation", () => {
  it('grows no more once kept small, through work that would grow it to 32 MB', () => {
    const young = youngGenerationAfterWork([]);
    expect(young.kept).toBe(true);
    expect(young.after).toBe(young.before);
  });

  it("is left as the operator sized it with the node's own flag", () => {
    const sized = youngGenerationAfterWork(['--max-semi-space-size=8']);
    expect(sized.kept).toBe(false);
    expect(sized.after).toBeGreaterThan(sized.before);
  });
});
