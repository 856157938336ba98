import { ALIAS_GROUPS } from './brand-aliases.js';
import { normaliseSearchText } from './search-text.js';

/**
 * Turns what a staff member typed into an FTS5 match expression over the
 * product index: every word must match (as a prefix, so half-typed words
 * find their products), and a word or phrase that is a known brand name
 * or common word in one script also matches its spellings in the other
 * (see brand-aliases.ts). Returns null when nothing searchable was typed.
 */

/** Most products one search lists (12 pages of 8): a longer list on a phone is a sign to type more. */
export const MAX_SEARCH_RESULTS = 96;

const MAX_WORDS = 8;
/** Longest alias in words ("call of duty"). */
const MAX_ALIAS_WORDS = 3;
/** A half-typed last word shorter than this is too vague to expand to brands. */
const MIN_PARTIAL_ALIAS = 3;

/** What the index's tokenizer keeps inside a word (see the products_fts migration). */
const WORD = /[\p{L}\p{N}\p{M}%_]+/gu;

export function searchWords(text: string): string[] {
  return normaliseSearchText(text).match(WORD) ?? [];
}

/** The words a product is found by besides its title, by category id: its category's name and that category's parent's, folded. */
export function categoryTexts(categories: readonly { id: number; title: string; parentId: number | null }[]): Map<number, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return new Map(
    categories.map((c) => {
      const parent = c.parentId === null ? undefined : byId.get(c.parentId);
      return [c.id, normaliseSearchText(parent && parent.id !== c.id ? `${c.title} ${parent.title}` : c.title)];
    }),
  );
}

interface AliasIndex {
  /** Each spelling (its words joined by one space) -> every spelling of its group. */
  byPhrase: Map<string, string[][]>;
  spellings: string[];
}

function uniqueSpellings(spellings: string[][]): string[][] {
  return [...new Map(spellings.filter((w) => w.length > 0).map((w) => [w.join(' '), w])).values()];
}

function buildAliasIndex(groups: readonly (readonly string[])[]): AliasIndex {
  const byPhrase = new Map<string, string[][]>();
  for (const group of groups) {
    const spellings = uniqueSpellings(group.map(searchWords));
    for (const words of spellings) {
      const key = words.join(' ');
      byPhrase.set(key, uniqueSpellings([...(byPhrase.get(key) ?? []), ...spellings]));
    }
  }
  return { byPhrase, spellings: [...byPhrase.keys()] };
}

const ALIASES = buildAliasIndex(ALIAS_GROUPS);

/** A phrase in FTS5 syntax, its last word a prefix. Words hold no quote (see WORD). */
function phrase(words: string[]): string {
  return `"${words.join(' ')}"*`;
}

function anyOf(alternatives: string[][]): string {
  const unique = uniqueSpellings(alternatives);
  return unique.length === 1 ? phrase(unique[0]!) : `(${unique.map(phrase).join(' OR ')})`;
}

/** Every alias spelling the half-typed last word can be the start of. */
function partialAliases(word: string): string[][] {
  if ([...word].length < MIN_PARTIAL_ALIAS) return [];
  return ALIASES.spellings.filter((s) => s.startsWith(word)).flatMap((s) => ALIASES.byPhrase.get(s)!);
}

/**
 * The search as data, for a database without FTS5: every term must match;
 * a term matches when one of its phrases does; a phrase is consecutive
 * words, the last one a prefix. Null when nothing searchable was typed.
 */
export function buildSearchTerms(query: string): string[][][] | null {
  const words = searchWords(query).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const terms: string[][][] = [];
  let i = 0;
  while (i < words.length) {
    let matched = 0;
    for (let length = Math.min(MAX_ALIAS_WORDS, words.length - i); length >= 1 && matched === 0; length -= 1) {
      const spelled = words.slice(i, i + length);
      const group = ALIASES.byPhrase.get(spelled.join(' '));
      if (group) {
        terms.push(uniqueSpellings([spelled, ...group]));
        matched = length;
      }
    }
    if (matched === 0) {
      const word = words[i]!;
      terms.push(uniqueSpellings([[word], ...(i === words.length - 1 ? partialAliases(word) : [])]));
      matched = 1;
    }
    i += matched;
  }
  return terms;
}

/** The terms (buildSearchTerms) as an FTS5 match expression: every term, each any of its phrases. */
export function matchExpression(terms: string[][][]): string {
  return terms.map(anyOf).join(' AND ');
}

export function buildMatchExpression(query: string): string | null {
  const terms = buildSearchTerms(query);
  return terms === null ? null : matchExpression(terms);
}
