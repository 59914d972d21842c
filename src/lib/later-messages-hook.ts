/** The global a chunk that needs messages beyond the first screen's awaits (scripts/lib/split-messages.ts writes the call). */
export const LATER_MESSAGES_HOOK = '__shopLaterMessages'
