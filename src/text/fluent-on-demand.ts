import { FluentBundle, FluentResource } from '@fluent/bundle';

type Message = NonNullable<ReturnType<FluentBundle['getMessage']>>;

/**
 * One language's messages, each parsed the first time it is formatted. A
 * language's Fluent sources are some 2,000 messages (140 KB in English, 200
 * KB in Persian); parsing them all took about 0.1 s of the start before the
 * first getUpdates on a quiet machine, and the parsed messages of both
 * languages stayed in memory, though a run formats a small part of them.
 *
 * The sources are split into entries as @fluent/bundle's own parser finds
 * them: an entry begins at a line that starts with its identifier and `=`,
 * and runs to the next such line. A message that refers to another message
 * or to a term has that one added with it, so it formats exactly as in a
 * bundle of the whole source.
 */
export interface FluentMessages {
  hasMessage(id: string): boolean;
  /** The message and the bundle that formats it, parsed now if it was not before. */
  message(id: string): { bundle: FluentBundle; message: Message } | undefined;
}

/** The expression @fluent/bundle's FluentResource finds the start of each entry with. */
const ENTRY_START = /^(-?[a-zA-Z][\w-]*) *= */gm;

/** Identifier → the entry's text, the first of each identifier (as FluentBundle keeps the first). */
export function splitEntries(source: string): Map<string, string> {
  const entries = new Map<string, string>();
  const starts = [...source.matchAll(ENTRY_START)];
  starts.forEach((start, index) => {
    const id = start[1]!;
    if (!entries.has(id)) entries.set(id, source.slice(start.index, starts[index + 1]?.index ?? source.length));
  });
  return entries;
}

/** Every message and term a parsed pattern refers to, by the identifier under which it is kept. */
function referencesIn(node: unknown, found: Set<string>): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const element of node) referencesIn(element, found);
    return;
  }
  const expression = node as { type?: string; name?: string };
  if (expression.type === 'mesg' && expression.name) found.add(expression.name);
  if (expression.type === 'term' && expression.name) found.add(`-${expression.name}`);
  for (const value of Object.values(node)) referencesIn(value, found);
}

export function fluentMessagesOf(locale: string, source: string): FluentMessages {
  const entries = splitEntries(source);
  const bundle = new FluentBundle(locale, { useIsolating: false });
  const added = new Set<string>();
  const add = (id: string): void => {
    if (added.has(id)) return;
    added.add(id);
    const text = entries.get(id);
    if (text === undefined) return;
    const resource = new FluentResource(text);
    bundle.addResource(resource);
    const references = new Set<string>();
    for (const entry of resource.body) referencesIn([entry.value, entry.attributes], references);
    for (const reference of references) add(reference);
  };
  return {
    hasMessage: (id) => !id.startsWith('-') && entries.has(id),
    message(id) {
      if (id.startsWith('-')) return undefined;
      add(id);
      const message = bundle.getMessage(id);
      return message ? { bundle, message } : undefined;
    },
  };
}
