/** A value as JSON holds it: what app_state keeps under a key, and an audit record's facts. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
