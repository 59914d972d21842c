/** Who is buying, as the owner's payment link is told (Stripe payment links read these two). */
export interface Buyer {
  id: number
  email: string
}

/**
 * The owner's payment link for a plan; for a signed-in member it carries the member's id (so the
 * payment can be matched to the account) and e-mail (so the form starts filled in).
 */
export function planLinkFor(url: string, buyer: Buyer | null): string {
  if (!buyer) return url
  let link: URL
  try {
    link = new URL(url)
  } catch {
    return url
  }
  link.searchParams.set('client_reference_id', String(buyer.id))
  link.searchParams.set('prefilled_email', buyer.email)
  return link.toString()
}
