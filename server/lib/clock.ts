/** Time as the services see it; tests pass a clock they can move. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()
