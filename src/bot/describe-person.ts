import type { Person } from '../db/people-store.js';
import { withoutUnsafeCharacters } from '../text/unsafe-characters.js';

/** Shows a person as "Name (@user)", or as their numeric ID when we never saw them. */
export type DescribePerson = (telegramId: number) => string;

/** Long enough for any real name, short enough that a list of forty people fits in one message. */
const MAX_NAME = 40;
const MAX_USERNAME = 32;

// Only the username part of a label carries an @ (Telegram checks usernames; names are free text):
// a name like "Sara (@sara_admin)" must not read as that account. Fullwidth and small @ included.
const AT_SIGNS = /[@\uFF20\uFE6B]/g;

export function clipName(text: string, max: number): string {
  // A name must not reorder or break the text around it (see unsafe-characters.ts); line breaks become spaces.
  const clean = withoutUnsafeCharacters(text.replace(/\s+/g, ' ')).replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** "Ada Lovelace (@ada)", "Ada", "@ada"; null when nothing printable is left. */
export function personLabel(person: Pick<Person, 'firstName' | 'lastName' | 'username'>): string | null {
  const name = clipName([person.firstName, person.lastName ?? ''].join(' ').replace(AT_SIGNS, ''), MAX_NAME);
  const username = person.username ? clipName(person.username, MAX_USERNAME) : '';
  if (name && username) return `${name} (@${username})`;
  if (name) return name;
  return username ? `@${username}` : null;
}

/** A describePerson over a lookup; unknown people are shown by ID. */
export function createDescribePerson(deps: { find: (telegramId: number) => Person | null }): DescribePerson {
  return (telegramId) => {
    const person = deps.find(telegramId);
    return (person && personLabel(person)) ?? String(telegramId);
  };
}
