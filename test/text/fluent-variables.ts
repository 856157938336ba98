import { FluentResource } from '@fluent/bundle';

/** Each message's variables ($name) in a Fluent source, read from Fluent's own parse, sorted. */
export function messageVariables(source: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const entry of new FluentResource(source).body) {
    const found = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        if (record['type'] === 'var' && typeof record['name'] === 'string') found.add(record['name']);
        Object.values(record).forEach(walk);
      }
    };
    walk(entry.value);
    walk(entry.attributes);
    result.set(entry.id, [...found].sort());
  }
  return result;
}
