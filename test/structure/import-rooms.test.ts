import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const MOST_LINES = 350;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** A top-level folder of src, or a top-level file of its own (config.ts, clock.ts…). */
function roomOf(path: string): string {
  return relative(SRC, path).split(/[\\/]/)[0]!;
}

/** Which rooms each room imports (relative imports only: packages are no room). */
function roomGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(SRC)) {
    const from = roomOf(file);
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = roomOf(resolve(dirname(file), spec!));
      if (to !== from) targets.add(to);
    }
  }
  return graph;
}

/** The rooms that reach each other both ways (Tarjan's strongly connected components of more than one room). */
function loops(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (room: string): void => {
    index.set(room, index.size);
    low.set(room, index.get(room)!);
    stack.push(room);
    for (const next of graph.get(room) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(room, Math.min(low.get(room)!, index.get(next)!));
    }
    if (low.get(room) === index.get(room)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== room);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const room of graph.keys()) if (!index.has(room)) visit(room);
  return found;
}

describe('the house', () => {
  it('has no import loop between top-level rooms: each depends only on rooms below it', () => {
    expect(loops(roomGraph())).toEqual([]);
  });

  it('finds a loop where there is one (the check itself)', () => {
    const graph = new Map([
      ['bot', new Set(['db'])],
      ['db', new Set(['orders'])],
      ['orders', new Set(['db'])],
    ]);
    expect(loops(graph)).toEqual([['db', 'orders']]);
  });

  it(`has no source file over ${MOST_LINES} lines`, () => {
    const long = sources(SRC)
      .map((path) => ({ path: relative(SRC, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter((file) => file.lines > MOST_LINES);
    expect(long).toEqual([]);
  });
});
