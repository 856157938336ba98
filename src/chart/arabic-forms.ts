/**
 * Arabic-script letters take a different shape, and width, by whether they
 * join the letters beside them: "ب" alone is three times as wide as the "بـ"
 * that starts a word. To measure Persian text as it will be drawn, each
 * letter is replaced by its contextual presentation form (the Unicode
 * compatibility characters that fonts such as Vazirmatn map to those shapes).
 */

type Forms = [isolated: number, final: number, initial?: number, medial?: number];

/** Each letter's forms, read from the presentation-form blocks: compatibility normalisation names the letter, and every letter lists its forms in the order isolated, final, initial, medial. */
const FORMS: ReadonlyMap<number, Forms> = (() => {
  const forms = new Map<number, Forms>();
  const blocks: [number, number][] = [
    [0xfb50, 0xfbff], // Presentation Forms-A, letters (Persian and Urdu letters among them)
    [0xfe70, 0xfefc], // Presentation Forms-B
  ];
  for (const [first, last] of blocks) {
    let group: number[] = [];
    let letter = -1;
    const close = (): void => {
      // Two forms: joins only the letter before it (ا, د, ر, و…); four: joins both sides (ب, س, ی…).
      if (group.length === 2 || group.length === 4) forms.set(letter, group as Forms);
      group = [];
    };
    for (let codePoint = first; codePoint <= last; codePoint++) {
      const letters = [...String.fromCodePoint(codePoint).normalize('NFKC')];
      const base = letters.length === 1 ? letters[0]!.codePointAt(0)! : -1;
      if (base !== letter || base < 0) close();
      letter = base;
      if (base >= 0 && base !== codePoint) group.push(codePoint);
    }
    close();
  }
  return forms;
})();

const TATWEEL = 0x0640;
const ZERO_WIDTH_JOINER = 0x200d;
const MARK = /\p{Mn}/u;
const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f]/;

/** Whether the character connects to the letter after it. */
const joinsForward = (codePoint: number): boolean =>
  codePoint === TATWEEL || codePoint === ZERO_WIDTH_JOINER || FORMS.get(codePoint)?.length === 4;
/** Whether the character connects to the letter before it. */
const joinsBackward = (codePoint: number): boolean =>
  codePoint === TATWEEL || codePoint === ZERO_WIDTH_JOINER || FORMS.has(codePoint);

/** The text with each Arabic-script letter as its contextual form; marks (harakat, hamza above) do not break joining, a zero-width non-joiner does. */
export function contextualForms(text: string): string {
  if (!ARABIC_LETTER.test(text)) return text;
  const codePoints = [...text].map((char) => char.codePointAt(0)!);
  const neighbour = (from: number, step: 1 | -1): number | undefined => {
    for (let i = from + step; i >= 0 && i < codePoints.length; i += step) {
      if (!MARK.test(String.fromCodePoint(codePoints[i]!))) return codePoints[i];
    }
    return undefined;
  };
  return codePoints
    .map((codePoint, i) => {
      const forms = FORMS.get(codePoint);
      if (!forms) return codePoint;
      const before = neighbour(i, -1);
      const after = neighbour(i, 1);
      const joinedBefore = before !== undefined && joinsForward(before);
      const joinedAfter = forms.length === 4 && after !== undefined && joinsBackward(after);
      const form = joinedBefore ? (joinedAfter ? forms[3] : forms[1]) : joinedAfter ? forms[2] : forms[0];
      return form ?? codePoint;
    })
    .map((codePoint) => String.fromCodePoint(codePoint))
    .join('');
}
