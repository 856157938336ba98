import { FormattedString } from '@grammyjs/parse-mode';

type Part = FormattedString | string | null | undefined | false;

/** Joins lines into one formatted text, skipping empty parts; plain strings stay plain (no markup is parsed). */
export function joinLines(...parts: Part[]): FormattedString {
  const kept = parts.filter((p): p is FormattedString | string => p !== null && p !== undefined && p !== false);
  let result = new FormattedString('');
  kept.forEach((part, index) => {
    const piece = typeof part === 'string' ? new FormattedString(part) : part;
    result = index === 0 ? result.concat(piece) : result.concat(new FormattedString('\n'), piece);
  });
  return result;
}

export function bold(text: string): FormattedString {
  return FormattedString.bold(text);
}

export function plain(text: string): FormattedString {
  return new FormattedString(text);
}
