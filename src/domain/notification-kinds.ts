export const NOTIFICATION_KINDS = [
  'delivered', // COMPLETED: the codes go to the chat that ordered
  'failed',
  'cancelled',
  'refunded',
  'action_required',
  'unrecognised', // a provider state nobody told us about
  'interrupted', // the process stopped during the POST: the outcome is being checked
  'adopted', // an unknown outcome turned out to be a placed order
  'not_placed', // an unknown outcome turned out to be no order: safe to order again
  'needs_review', // several candidates: administrators decide
  'stale', // still open after POLL_STALE_MINUTES: administrators are told
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
