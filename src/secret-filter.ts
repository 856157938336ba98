/**
 * The last line of defence between the process and its output: whatever a
 * library prints (an error whose cause quotes the request URL, a stack, a
 * dumped options object) passes through here before it reaches stdout or
 * stderr. The bot token travels in every Bot API URL and the API key in
 * every provider request, so both are cut out wherever they appear, and so
 * is anything shaped like a bot token even if it is not ours.
 */
export type SecretFilter = (text: string) => string;

export const REDACTED = '[redacted]';

/** `<digits>:<35 token characters>`, as @BotFather issues them; the `bot` path prefix is kept. */
const TOKEN_SHAPE = /\d{5,}:[A-Za-z0-9_-]{30,}/g;

/** Secrets shorter than this are not filtered: replacing a two-letter key would shred every line. */
const MIN_SECRET_LENGTH = 8;

export function createSecretFilter(secrets: readonly (string | undefined | null)[]): SecretFilter {
  const known = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH))]
    // Longest first, so a secret that contains another is cut whole.
    .sort((a, b) => b.length - a.length)
    .flatMap((secret) => [secret, encodeURIComponent(secret)])
    .filter((value, index, all) => all.indexOf(value) === index);
  return (text) => {
    let out = text;
    for (const secret of known) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out.replace(TOKEN_SHAPE, REDACTED);
  };
}
