import PusherJs from 'pusher-js'

type Options = ConstructorParameters<typeof PusherJs>[1]

/** pusher-js as the PWA sets it up for a Pusher-protocol server on 127.0.0.1: plain WebSocket only, no stats. */
export const localPusherClient = (key: string, port: number, channelAuthorization: Options['channelAuthorization']) =>
  new PusherJs(key, { cluster: '', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'], disableStats: true, channelAuthorization } as Options)
