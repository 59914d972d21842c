/** The address the server listens on, as `npm start` or a test opens it. */
export interface Listening {
  host: string
  port: number
}

/** Where this server reaches itself: a wildcard listening address is reached on the loopback. */
export const ownHost = (listening: Listening) => (listening.host === '0.0.0.0' || listening.host === '::' ? '127.0.0.1' : listening.host)
