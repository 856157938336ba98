/** Who a person is to giftdesk: what they may see and do follows from it. */
export const STAFF_ROLES = ['admin', 'staff', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
