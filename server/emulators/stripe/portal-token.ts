import { createHmac } from 'node:crypto'

/**
 * The portal link's proof: only the shop (holding the sandbox's secret key) can hand out a
 * customer's page, and only with the return_url it created the session with: the token covers
 * both, so a link whose `return_url` was changed (an open redirect to a phishing page) is refused.
 */
export const portalToken = (secretKey: string, customer: string, returnUrl: string) => createHmac('sha256', secretKey).update(`portal:${customer}\n${returnUrl}`).digest('base64url')
