import { proxy, snapshot, subscribe } from 'valtio'
import { PAYMENT_METHODS, SHIPMENT_TYPES, type PaymentMethod, type ShipmentType } from '../../../../contract/checkout'
import { CARRIER_TYPES, INVOICE_MODES, type CarrierType, type InvoiceMode } from '../../../../contract/invoice'
import { STORE_CHAINS, type PickupStore, type StoreChain } from '../../../../contract/logistics'
import { onAuthTokenChange } from '@/lib/api-client'

/** What the shopper has typed on the payment page, kept for this tab so a reload loses nothing. */
export interface CheckoutDraft {
  /** a saved recipient's id, 'new' for the form, null until the saved ones are known */
  recipientChoice: number | 'new' | null
  recipient: { name: string; phone: string; zip_code: string; county: string; district: string; address: string }
  /** save a newly typed recipient when the order is placed */
  saveRecipient: boolean
  invoice: {
    mode: InvoiceMode
    carrier_type: CarrierType
    carrier_code: string
    email: string
    name: string
    tax_id: string
    company_title: string
    donation_code: string
  }
  /** the coupon applied to the quote */
  coupon: string | null
  shipment: ShipmentType
  /** card, or cash on pick-up (pick-up only) */
  paymentMethod: PaymentMethod
  /** pick-up at a convenience store: the chain, the store (from the map's pick, or one used before) and who collects it */
  pickup: {
    chain: StoreChain
    /** the map's pick the store came from; null for a store used before */
    storePick: string | null
    store: PickupStore | null
    /** the pick was opened for cash on pick-up (the map lists the stores for it) */
    cash: boolean
    name: string
    phone: string
  }
}

const STORAGE_KEY = 'checkout-draft'

export const emptyDraft = (): CheckoutDraft => ({
  recipientChoice: null,
  recipient: { name: '', phone: '', zip_code: '', county: '', district: '', address: '' },
  saveRecipient: true,
  invoice: { mode: 'personal', carrier_type: 'none', carrier_code: '', email: '', name: '', tax_id: '', company_title: '', donation_code: '' },
  coupon: null,
  shipment: 'home',
  paymentMethod: 'card',
  pickup: { chain: 'UNIMART', storePick: null, store: null, cash: false, name: '', phone: '' },
})

const storage = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

/** A stored draft, field by field: anything missing or of the wrong type falls back to empty. */
export function readDraft(raw: string | null | undefined): CheckoutDraft {
  const draft = emptyDraft()
  if (!raw) return draft
  let stored: unknown
  try {
    stored = JSON.parse(raw)
  } catch {
    return draft
  }
  if (typeof stored !== 'object' || stored === null) return draft
  const s = stored as Partial<Record<keyof CheckoutDraft, unknown>>
  const copyStrings = <T extends Record<string, unknown>>(target: T, source: unknown) => {
    if (typeof source !== 'object' || source === null) return
    for (const key of Object.keys(target)) {
      const value = (source as Record<string, unknown>)[key]
      if (typeof value === typeof target[key]) (target as Record<string, unknown>)[key] = value
    }
  }
  if (s.recipientChoice === 'new' || (typeof s.recipientChoice === 'number' && Number.isInteger(s.recipientChoice))) draft.recipientChoice = s.recipientChoice
  copyStrings(draft.recipient, s.recipient)
  copyStrings(draft.invoice, s.invoice)
  if (!INVOICE_MODES.includes(draft.invoice.mode)) draft.invoice.mode = 'personal'
  if (!CARRIER_TYPES.includes(draft.invoice.carrier_type)) draft.invoice.carrier_type = 'none'
  if (typeof s.saveRecipient === 'boolean') draft.saveRecipient = s.saveRecipient
  if (typeof s.coupon === 'string' && s.coupon) draft.coupon = s.coupon
  if (SHIPMENT_TYPES.includes(s.shipment as ShipmentType)) draft.shipment = s.shipment as ShipmentType
  if (PAYMENT_METHODS.includes(s.paymentMethod as PaymentMethod)) draft.paymentMethod = s.paymentMethod as PaymentMethod
  const pickup = s.pickup as Partial<CheckoutDraft['pickup']> | undefined
  if (pickup && typeof pickup === 'object') {
    if (STORE_CHAINS.includes(pickup.chain as StoreChain)) draft.pickup.chain = pickup.chain as StoreChain
    if (typeof pickup.name === 'string') draft.pickup.name = pickup.name
    if (typeof pickup.phone === 'string') draft.pickup.phone = pickup.phone
    if (typeof pickup.cash === 'boolean') draft.pickup.cash = pickup.cash
    // a store is kept with where it came from, and only of the chosen chain
    const store = pickup.store as PickupStore | null | undefined
    if (store && typeof store === 'object' && store.chain === draft.pickup.chain && typeof store.id === 'string' && typeof store.name === 'string' && typeof store.address === 'string') {
      draft.pickup.store = { chain: store.chain, id: store.id, name: store.name, address: store.address, telephone: typeof store.telephone === 'string' ? store.telephone : '', outlying: store.outlying === true }
      draft.pickup.storePick = typeof pickup.storePick === 'string' ? pickup.storePick : null
    }
  }
  if (draft.shipment === 'home') draft.paymentMethod = 'card'
  return draft
}

export const checkoutDraft = proxy<CheckoutDraft>(readDraft(storage()?.getItem(STORAGE_KEY)))

subscribe(checkoutDraft, () => {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(snapshot(checkoutDraft)))
  } catch {
    // a full or blocked storage only costs the copy that survives a reload
  }
})

type InvoiceField = keyof CheckoutDraft['invoice']

/** The changes the payment page makes to the draft. */
export const draftActions = {
  chooseRecipient(choice: number | 'new'): void {
    checkoutDraft.recipientChoice = choice
  },
  /** the new recipient's fields as the recipient fields (src/ui/recipient-fields.tsx) changed them */
  setRecipient(recipient: CheckoutDraft['recipient']): void {
    Object.assign(checkoutDraft.recipient, recipient)
  },
  setSaveRecipient(save: boolean): void {
    checkoutDraft.saveRecipient = save
  },
  setInvoice<F extends InvoiceField>(field: F, value: CheckoutDraft['invoice'][F]): void {
    checkoutDraft.invoice[field] = value
  },
  setShipment(shipment: ShipmentType): void {
    checkoutDraft.shipment = shipment
    if (shipment === 'home') checkoutDraft.paymentMethod = 'card'
  },
  setPaymentMethod(method: PaymentMethod): void {
    checkoutDraft.paymentMethod = method
    // the map listed the stores for the other way of paying: that store is picked again
    const { pickup } = checkoutDraft
    if (pickup.storePick && pickup.cash !== (method === 'cod')) Object.assign(pickup, { storePick: null, store: null })
  },
  setChain(chain: StoreChain): void {
    if (checkoutDraft.pickup.chain === chain) return
    Object.assign(checkoutDraft.pickup, { chain, storePick: null, store: null })
  },
  /** the store the map sent back (a pick), or one used before (no pick) */
  setStore(store: PickupStore, storePick: string | null, cash: boolean): void {
    Object.assign(checkoutDraft.pickup, { chain: store.chain, store, storePick, cash })
  },
  setPickupPerson(field: 'name' | 'phone', value: string): void {
    checkoutDraft.pickup[field] = value
  },
  /** the member's own name and e-mail start the fields that are still empty */
  prefill(member: { email: string; name: string }): void {
    if (!checkoutDraft.invoice.email) checkoutDraft.invoice.email = member.email
    if (!checkoutDraft.invoice.name) checkoutDraft.invoice.name = member.name
    if (!checkoutDraft.recipient.name) checkoutDraft.recipient.name = member.name
    if (!checkoutDraft.pickup.name) checkoutDraft.pickup.name = member.name
  },
  applyCoupon(code: string): void {
    checkoutDraft.coupon = code
    checkoutNotices.coupon = null
  },
  /** takes the coupon off, saying why when the shop refused it */
  removeCoupon(problem: string | null = null): void {
    checkoutDraft.coupon = null
    checkoutNotices.coupon = problem
  },
}

/** Messages about the draft that outlive the request that caused them (not kept across reloads). */
export const checkoutNotices = proxy<{ coupon: string | null }>({ coupon: null })

/** Starts afresh: after an order is placed, and when the member signs out. */
export function clearDraft(): void {
  Object.assign(checkoutDraft, emptyDraft())
  checkoutNotices.coupon = null
  storage()?.removeItem(STORAGE_KEY)
}

onAuthTokenChange((token, previous) => {
  if (token === null && previous !== null) clearDraft()
})
