import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { LIMITS, isChannelName, isSocketId, refuseSignature } from './protocol'
import type { PusherServer } from './server'

/** A batch holds up to 10 events of up to 10 KB each, with room for their names and channels. */
const MAX_BODY_BYTES = 256 * 1024

interface EventInput {
  name: string
  data: string
  channels: string[]
  socket_id?: string
}

/** Pusher's HTTP API answers errors as plain text with the status. */
const plain = (c: Context, status: 400 | 401 | 403 | 404 | 413, message: string) => c.text(message, status)

/** Checks one event as Pusher does; answers the event or why it is refused. */
function readEvent(value: unknown, many: boolean): EventInput | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'An event must be a JSON object'
  const e = value as Record<string, unknown>
  if (typeof e.name !== 'string' || e.name.length === 0) return 'name is required'
  if (e.name.length > LIMITS.eventNameLength) return `name is longer than ${LIMITS.eventNameLength} characters`
  if (typeof e.data !== 'string') return 'data must be a string (of JSON)'
  if (Buffer.byteLength(e.data) > LIMITS.dataBytes) return `data is larger than ${LIMITS.dataBytes} bytes`
  let channels: unknown[]
  if (many && e.channels !== undefined) {
    if (!Array.isArray(e.channels)) return 'channels must be a list'
    channels = e.channels
  } else channels = [e.channel]
  if (channels.length === 0) return 'channels must name at least one channel'
  if (channels.length > LIMITS.channelsPerTrigger) return `at most ${LIMITS.channelsPerTrigger} channels per event`
  if (!channels.every(isChannelName)) return 'Invalid channel name: letters, digits and _-=@,.; only, at most 164'
  if (e.socket_id !== undefined && !isSocketId(e.socket_id)) return 'socket_id is not a socket id'
  return { name: e.name, data: e.data, channels: channels as string[], socket_id: e.socket_id as string | undefined }
}

/**
 * The HTTP API of the embedded Pusher server, as the `pusher` SDK calls it: `POST /apps/{id}/events`
 * and `/batch_events`, `GET /apps/{id}/channels` and `/channels/{name}`; every request signed with
 * the app's secret (`auth_signature`), the body's MD5 in `body_md5`, the timestamp within 10 minutes.
 */
export function pusherHttpApi(server: PusherServer, clock: () => Date = () => new Date()) {
  const app = new Hono()
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => plain(c, 413, `Request body is larger than ${MAX_BODY_BYTES} bytes`) }))
  app.use('/:appId/*', async (c, next) => {
    if (c.req.param('appId') !== server.app.id) return plain(c, 404, 'Unknown app')
    const body = c.req.method === 'POST' ? await c.req.text() : ''
    const url = new URL(c.req.url)
    const refused = refuseSignature(server.app, c.req.method, url.pathname, url.searchParams, body, Math.floor(clock().getTime() / 1000))
    if (refused) return plain(c, 401, refused)
    await next()
  })

  const json = async (c: Context): Promise<unknown> => {
    try {
      return JSON.parse(await c.req.text())
    } catch {
      return undefined
    }
  }

  app.post('/:appId/events', async (c) => {
    const event = readEvent(await json(c), true)
    if (typeof event === 'string') return plain(c, 400, event)
    server.deliver(event.channels, event.name, event.data, event.socket_id)
    return c.json({})
  })

  app.post('/:appId/batch_events', async (c) => {
    const body = (await json(c)) as { batch?: unknown } | undefined
    if (!body || !Array.isArray(body.batch)) return plain(c, 400, 'batch must be a list of events')
    if (body.batch.length > LIMITS.eventsPerBatch) return plain(c, 400, `Batch too large: at most ${LIMITS.eventsPerBatch} events`)
    const events: EventInput[] = []
    for (const [i, item] of body.batch.entries()) {
      const event = readEvent(item, false)
      if (typeof event === 'string') return plain(c, 400, `batch[${i}]: ${event}`)
      events.push(event)
    }
    for (const event of events) server.deliver(event.channels, event.name, event.data, event.socket_id)
    return c.json({ batch: events.map(() => ({})) })
  })

  app.get('/:appId/channels', (c) => {
    const prefix = c.req.query('filter_by_prefix') ?? ''
    if (prefix.length > 164) return plain(c, 400, 'filter_by_prefix is too long')
    return c.json({ channels: server.occupied(prefix) })
  })

  app.get('/:appId/channels/:name', (c) => {
    const name = c.req.param('name')
    if (!isChannelName(name)) return plain(c, 400, 'Invalid channel name')
    const count = server.occupied(name)[name]?.subscription_count ?? 0
    return c.json({ occupied: count > 0, subscription_count: count })
  })

  app.all('*', (c) => plain(c, 404, 'Not found'))
  return app
}
