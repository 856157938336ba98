/**
 * A cost centre: whose budget in the company an order spends (a
 * department, a campaign, a client account), kept by administrators. Its
 * name is in the administrators' own words (Persian or Latin); its code,
 * when given, is the one accounting files it under. A retired one stays on
 * the orders that named it but is no longer offered.
 */

/** The longest name: it is a button's label and a column of the export. */
export const MAX_COST_CENTRE_NAME = 48;
/** An accounting code: short, letters, digits and a few separators (e.g. "MKT-2026", "410.20"). */
export const COST_CENTRE_CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,15}$/;
/** The longest note on an order: one line. */
export const MAX_PURPOSE_NOTE = 200;

/** Whether the order flow asks for a cost centre: not at all, with a Skip, or until one is chosen. */
export const COST_CENTRE_MODES = ['off', 'optional', 'required'] as const;
export type CostCentreMode = (typeof COST_CENTRE_MODES)[number];

/** What an order says it was for, as it is stored on the order (and on its approval request): both may be null. */
export interface OrderPurpose {
  costCentreId: number | null;
  note: string | null;
}

/** A cost centre as an order shows it: its name, and its accounting code when it has one. */
export interface CostCentreName {
  name: string;
  code: string | null;
}

/** "Support team (SUP-01)": how the order detail and the approval card name a cost centre. */
export function costCentreWords(centre: CostCentreName): string {
  const name = Array.from(centre.name).length > 60 ? `${Array.from(centre.name).slice(0, 59).join('')}…` : centre.name;
  return centre.code ? `${name} (${centre.code})` : name;
}
