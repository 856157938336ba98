/** What an administrator said an exception of the statement was: explained, refunded (the money came back), or written off. */
export const NOTE_KINDS = ['explained', 'refunded', 'written-off'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** The most characters one annotation keeps: one line of text. */
export const MAX_NOTE_TEXT = 200;
