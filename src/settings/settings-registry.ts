import type { ReaderView } from '../text/presentation.js';

/** What an entry needs to show its value in the reader's language. */
export type SettingsView = ReaderView;

/** One line of /settings: a setting administrators change from the chat. */
export interface ListedSetting {
  /** Fluent key of the setting's name. */
  labelKey: string;
  /** The current value, as the reader should see it. */
  show(view: SettingsView): string;
  /** How to change it (a command), in the reader's language. */
  how(view: SettingsView): string;
}

/**
 * The list /settings shows. Each feature that adds a setting administrators
 * change from the chat adds its entry here at start-up, so /settings never
 * forgets one and knows nothing about any of them.
 */
export interface SettingsRegistry {
  add(...entries: ListedSetting[]): void;
  list(): readonly ListedSetting[];
}

export function createSettingsRegistry(): SettingsRegistry {
  const entries: ListedSetting[] = [];
  return {
    add: (...added) => void entries.push(...added),
    list: () => entries,
  };
}
