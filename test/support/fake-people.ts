import type { FakeUser } from './fake-bot-api/index.js';

/**
 * The people of the end-to-end worlds and the step benchmarks. Kept apart
 * from the e2e harness, which brings in vitest's hooks (the worlds'
 * databases): the benchmarks run outside vitest.
 */
export const ADMIN: FakeUser = { id: 1001, firstName: 'Ada', languageCode: 'en' };
export const STAFF: FakeUser = { id: 2002, firstName: 'Sam', languageCode: 'en' };
export const PERSIAN_STAFF: FakeUser = { id: 3003, firstName: 'Sara', languageCode: 'fa' };
export const STRANGER: FakeUser = { id: 6666, firstName: 'Eve', languageCode: 'en' };
