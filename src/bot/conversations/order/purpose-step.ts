import type { Conversation } from '@grammyjs/conversations';
import { InlineKeyboard, type Context } from 'grammy';
import { MAX_PURPOSE_NOTE, type CostCentreMode } from '../../../domain/cost-centre.js';
import { bold, joinLines } from '../../../text/formatted.js';
import { clip } from '../../../text/clip.js';
import { formatNumber } from '../../../text/format.js';
import type { Translate } from '../../../text/i18n.js';
import { withoutUnsafeCharacters } from '../../../text/unsafe-characters.js';
import type { BotContext } from '../../context.js';
import { STOPS } from '../../keyboard-style.js';
import type { Outgoing } from '../../send.js';
import { ACTION, data, numericValue, type Pressed } from './actions.js';
import type { Draft } from './draft.js';
import type { KeptPurpose } from './past-order.js';
import type { Notice, ViewContext } from './views.js';

/** A cost centre as the order step offers it. */
export interface CostCentreChoice {
  id: number;
  name: string;
  code: string | null;
}

/** What the order asks of cost centres, read fresh for each step that shows them (no provider request: the database and the settings). */
export interface PurposeReads {
  mode(): CostCentreMode;
  active(): Promise<CostCentreChoice[]>;
  /** The cost centre of the person's latest order that named one: offered first. */
  lastUsedBy(personId: number): Promise<number | null>;
  /** One cost centre by id, retired ones too (an order repeated names it); null when unknown. */
  centre(id: number): Promise<(CostCentreChoice & { retired: boolean }) | null>;
}

/**
 * What the order is for: one cost centre for the whole order (null: skipped
 * where that is allowed) and a one-line note. `done` once both were
 * answered; the name is the one shown when chosen, for the summary.
 */
export interface Purpose {
  costCentreId: number | null;
  costCentreName: string | null;
  note: string | null;
  done: boolean;
}

interface PurposeTools {
  conversation: Conversation<BotContext, Context>;
  reads: PurposeReads | undefined;
  view: ViewContext;
  userId: number;
}

type Read = { mode: CostCentreMode; centres: CostCentreChoice[]; last: number | null };

/** One read of the mode, the active cost centres (the person's last one first) and nothing else; inside `external`, so a replay sees the same. */
async function readPurpose(tools: PurposeTools): Promise<Read> {
  const reads = tools.reads;
  if (!reads) return { mode: 'off', centres: [], last: null };
  return tools.conversation.external(async () => {
    const mode = reads.mode();
    if (mode === 'off') return { mode, centres: [], last: null };
    const [active, last] = await Promise.all([reads.active(), reads.lastUsedBy(tools.userId)]);
    const centres = active.map(({ id, name, code }) => ({ id, name, code }));
    const first = centres.findIndex((c) => c.id === last);
    if (first > 0) centres.unshift(...centres.splice(first, 1));
    return { mode, centres, last };
  });
}

/**
 * Before the summary: whether the order must first say what it is for.
 * Off, or with no active cost centre to choose from, nothing is asked and
 * the flow is as it was. A cost centre retired since it was chosen (or a
 * skip that the mode no longer allows) is asked again, saying why.
 */
export async function purposeFirst(tools: PurposeTools, draft: Draft): Promise<{ draft: Draft; notice: Notice } | null> {
  const read = await readPurpose(tools);
  if (read.mode === 'off') return null;
  const purpose = draft.purpose;
  const retired = purpose?.done === true && purpose.costCentreId !== null && !read.centres.some((c) => c.id === purpose.costCentreId);
  if (read.centres.length === 0) {
    // Nothing to choose from: the order goes without one, as when none was asked, never with a retired one.
    return retired ? { draft: { ...draft, purpose: { ...purpose, costCentreId: null, costCentreName: null } }, notice: retiredNotice(tools.view, purpose) } : null;
  }
  if (purpose?.done) {
    if (purpose.costCentreId === null && read.mode === 'optional') return null;
    if (!retired && purpose.costCentreId !== null) return null;
  }
  const kept: Purpose = { costCentreId: null, costCentreName: null, note: purpose?.note ?? null, done: false };
  return { draft: { ...draft, step: 'purpose', purpose: kept }, notice: retired ? retiredNotice(tools.view, purpose) : null };
}

/** Names the cost centre retired since it was chosen (or since the order repeated was placed), where its name is known. */
const retiredNotice = (view: Pick<ViewContext, 't'>, purpose: Purpose | undefined): string =>
  purpose?.costCentreName ? view.t('purpose-centre-retired', { name: clip(purpose.costCentreName, 60) }) : view.t('purpose-centre-gone');

/**
 * An order repeated (Order again, a favourite or a team pick) is for the
 * cost centre the past one named, and Order again keeps its note: the
 * question is not asked again, unless that cost centre was retired since
 * (then purposeFirst asks, naming it). Nothing is kept where the
 * deployment does not ask, or where no line of the order is left.
 */
export async function keptPurpose(tools: Omit<PurposeTools, 'userId'>, draft: Draft, kept: KeptPurpose | undefined): Promise<Draft> {
  const reads = tools.reads;
  if (!kept || !reads || draft.step === 'category') return draft;
  const centre = await tools.conversation.external(async () => (reads.mode() === 'off' ? null : await reads.centre(kept.costCentreId)));
  if (!centre) return draft;
  return { ...draft, purpose: { costCentreId: centre.id, costCentreName: centre.name, note: kept.note, done: true } };
}

/** The cost centre question or the note's, as the draft's step says. */
export async function purposeView(tools: PurposeTools, draft: Draft, notice: Notice): Promise<Outgoing> {
  const { t } = tools.view;
  const keyboard = new InlineKeyboard();
  if (draft.step === 'note') {
    keyboard.text(t('btn-skip'), data(ACTION.skipPurpose)).row();
    const chosen = draft.purpose?.costCentreName;
    return { text: joinLines(notice, chosen ? t('purpose-chosen', { name: chosen }) : null, t('purpose-ask-note', { max: formatNumber(MAX_PURPOSE_NOTE, tools.view.locale) })), keyboard: footer(keyboard, t) };
  }
  const read = await readPurpose(tools);
  for (const centre of read.centres) keyboard.text(centreLabel(centre), data(ACTION.costCentre, centre.id)).row();
  if (read.mode !== 'required') keyboard.text(t('btn-skip'), data(ACTION.skipPurpose)).row();
  // The note is typed on this same step, before the tap that goes on to the summary: one step, not two.
  const note = draft.purpose?.note;
  const max = formatNumber(MAX_PURPOSE_NOTE, tools.view.locale);
  return {
    text: joinLines(notice, bold(t('purpose-ask-centre')), t(read.mode === 'required' ? 'purpose-required' : 'purpose-optional'), note ? t('purpose-note-kept', { note: clip(note, MAX_PURPOSE_NOTE) }) : t('purpose-note-hint', { max })),
    keyboard: footer(keyboard, t),
  };
}

const footer = (keyboard: InlineKeyboard, t: Translate) => keyboard.text(t('btn-back'), data(ACTION.back)).text(t('btn-cancel'), data(ACTION.cancel)).style(STOPS);
const centreLabel = (centre: CostCentreChoice) => clip(centre.code ? `${centre.name} · ${centre.code}` : centre.name, 40);

/**
 * A cost centre chosen, or Skip: checked again against the cost centres
 * and the mode now, so a stale or forged button (a retired or unknown one,
 * Skip where one is required) changes nothing and says so.
 */
export async function pressPurpose(tools: PurposeTools, draft: Draft, pressed: Pressed): Promise<{ draft: Draft; notice: Notice }> {
  const { t } = tools.view;
  const purpose: Purpose = draft.purpose ?? { costCentreId: null, costCentreName: null, note: null, done: false };
  if (draft.step === 'note') return { draft: { ...draft, step: 'summary', purpose: { ...purpose, note: null, done: true } }, notice: null };
  const read = await readPurpose(tools);
  // The tap answers the step: on to the summary, with the note typed before it (if any).
  if (pressed.action === ACTION.skipPurpose) {
    if (read.mode === 'required') return { draft, notice: t('purpose-skip-refused') };
    return { draft: { ...draft, step: 'summary', purpose: { ...purpose, costCentreId: null, costCentreName: null, done: true } }, notice: null };
  }
  const centre = read.centres.find((c) => c.id === numericValue(pressed));
  if (!centre) return { draft, notice: t('purpose-centre-gone') };
  return { draft: { ...draft, step: 'summary', purpose: { ...purpose, costCentreId: centre.id, costCentreName: centre.name, done: true } }, notice: null };
}

/**
 * The note typed while the cost centre is asked: one line, refused past the
 * longest with how long it was. It is kept on the question (a later line
 * replaces it), and the cost centre's tap goes on to the summary. A note
 * typed at the separate note step (a conversation saved before the note
 * moved onto the question) answers that step, as it did.
 */
export function answerNote(draft: Draft, text: string, { t, locale }: Pick<ViewContext, 't' | 'locale'>): { draft: Draft; notice: Notice } {
  const note = withoutUnsafeCharacters(text.replace(/\s+/g, ' ')).trim();
  if (note === '') return { draft, notice: t('purpose-note-empty') };
  if (note.length > MAX_PURPOSE_NOTE) return { draft, notice: t('purpose-note-too-long', { max: formatNumber(MAX_PURPOSE_NOTE, locale), length: formatNumber(note.length, locale) }) };
  if (draft.step === 'purpose') return { draft: { ...draft, purpose: { costCentreId: null, costCentreName: null, ...draft.purpose, note, done: false } }, notice: null };
  const purpose: Purpose = { costCentreId: null, costCentreName: null, ...draft.purpose, note, done: true };
  return { draft: { ...draft, step: 'summary', purpose }, notice: null };
}

/** The summary's lines of what the order is for; none when nothing was asked or given. */
export function purposeLines(v: Pick<ViewContext, 't'>, draft: Draft): string[] {
  const purpose = draft.purpose;
  if (!purpose?.done) return [];
  return [
    purpose.costCentreName ? v.t('summary-cost-centre', { name: clip(purpose.costCentreName, 60) }) : null,
    purpose.note ? v.t('summary-note', { note: clip(purpose.note, MAX_PURPOSE_NOTE) }) : null,
  ].filter((line): line is string => line !== null);
}
