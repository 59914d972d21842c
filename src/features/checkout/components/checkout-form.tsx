import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useSubmitPress } from '@/lib/use-submit-press'
import { useSnapshot } from 'valtio'
import { InvoiceOptionsInputSchema } from '../../../../contract/invoice'
import type { CreateOrderInput, Order } from '../../../../contract/order'
import { RecipientInputSchema } from '../../../../contract/recipient'
import { PickupPersonSchema } from '../../../../contract/logistics'
import type { PublicConfig } from '../../../../contract/shop'
import { isApiError } from '@/lib/api-client'
import { formatPrice } from '@/lib/format-price'
import { focusFirstInvalid, serverFieldErrors, validateForm, type FieldErrors } from '@/lib/form'
import { useLocalePrefix } from '@/lib/i18n'
import { useRecipients, useSaveRecipient } from '@/lib/recipient-book'
import { translateValidationMessage } from '@/lib/validation-messages'
import { useQuote } from '../api/get-quote'
import { usePlaceOrder } from '../api/place-order'
import { checkoutDraft, checkoutNotices, clearDraft, draftActions } from '../stores/checkout-draft'
import { orderAttempts } from '../stores/order-attempt'
import { lineInputs, type CheckoutLine } from './checkout-line'
import { CouponField, couponProblem } from './coupon-field'
import { invoiceInputOf } from './invoice-input'
import { InvoiceSection } from './invoice-section'
import { holdProblem, shareProblem, unverifiedNotice, unverifiedProblem } from './order-refusal'
import { OrderSummary } from './order-summary'
import { PickupSection } from './pickup-section'
import { RecipientSection } from './recipient-section'
import { ChoiceRadio } from '@/ui/choice-radio'
import { useCarrierCheck } from './use-carrier-check'
import './checkout.css'

interface CheckoutFormProps {
  lines: readonly CheckoutLine[]
  member: { email: string; name: string }
  settings: PublicConfig['checkout'] | undefined
  /** the order is placed: the route takes the ordered lines out of the cart and shows the payment step */
  onPlaced: (order: Order) => void
  /** how a member whose e-mail is not verified asks for the link, shown beside the limit and when the order is refused for it */
  verifyAction?: ReactNode
  /** the store map sent the shopper back without a store */
  mapFailed?: boolean
}

/** What the form says above "Place order": with a way back to the cart, or to the verification mail. */
interface Problem {
  text: string
  toCart?: boolean
  verify?: boolean
}

/** Errors of the fields the shopper has left, keyed without the prefix. */
const visible = (errors: FieldErrors, touched: ReadonlySet<string>, prefix: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(`${prefix}.${field}`)))

/** Every field of a failed check, as `prefix.field`: what pressing "Place order" marks at once. */
const fieldsOf = (errors: FieldErrors, prefix: string) => Object.keys(errors).map((field) => `${prefix}.${field}`)

/** Server field errors under `prefix.` (e.g. `invoice.tax_id`), keyed without it. */
const under = (errors: FieldErrors, prefix: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).flatMap(([field, message]) => (field.startsWith(`${prefix}.`) ? [[field.slice(prefix.length + 1), message]] : [])))

/**
 * The payment page's form: recipient, delivery, invoice, coupon and the server's totals, then
 * "Place order". Every field is checked as the shopper leaves it with the same schema the server
 * uses; "Place order" marks every field that needs attention and takes the shopper to the first.
 */
export function CheckoutForm({ lines, member, settings, onPlaced, verifyAction, mapFailed = false }: CheckoutFormProps) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const draft = useSnapshot(checkoutDraft)
  const recipients = useRecipients()
  const pickingUp = draft.shipment === 'cvs'
  const quote = useQuote({ lines: lineInputs(lines), coupon_code: draft.coupon, shipment: draft.shipment })
  const saveRecipient = useSaveRecipient()
  const placeOrder = usePlaceOrder()
  const carrier = useCarrierCheck(settings?.carrier_check ?? false)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<Problem | null>(null)
  const { coupon: couponTrouble } = useSnapshot(checkoutNotices)
  const [busy, setBusy] = useState(false)
  const placing = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)
  const submitPress = useSubmitPress()
  const problemId = useId()

  // the member's own name and e-mail start the fields that are still empty
  useEffect(() => draftActions.prefill({ email: member.email, name: member.name }), [member.email, member.name])

  // a coupon the quote refuses (the cart changed under its minimum spend) is taken off, with the reason
  useEffect(() => {
    const error = quote.error
    if (isApiError(error) && error.code === 'COUPON_INVALID') draftActions.removeCoupon(couponProblem(error))
  }, [quote.error])

  const newRecipient = draft.recipientChoice === 'new'
  const recipientCheck = validateForm(RecipientInputSchema, draft.recipient)
  const invoiceCheck = validateForm(InvoiceOptionsInputSchema, invoiceInputOf(draft.invoice))
  const personCheck = validateForm(PickupPersonSchema, { name: draft.pickup.name, phone: draft.pickup.phone })
  const storeMissing = pickingUp && !draft.pickup.store
  const carrierWord = draft.invoice.mode === 'personal' && draft.invoice.carrier_type === 'mobile' ? carrier.noteFor(draft.invoice.carrier_code) : { error: undefined, note: undefined }
  const recipientErrors = { ...under(serverErrors, 'recipient'), ...(recipientCheck.ok ? {} : visible(recipientCheck.errors, touched, 'recipient')) }
  const invoiceErrors = { ...under(serverErrors, 'invoice'), ...(invoiceCheck.ok ? {} : visible(invoiceCheck.errors, touched, 'invoice')) }
  const pickupServer = under(serverErrors, 'pickup')
  const pickupErrors: FieldErrors = {
    ...(personCheck.ok ? {} : visible(personCheck.errors, touched, 'pickup')),
    ...pickupServer,
    ...(pickupServer.store_pick || pickupServer.store ? { store: pickupServer.store_pick ?? pickupServer.store } : {}),
    ...(serverErrors.shipment ? { store: serverErrors.shipment } : {}),
    ...(storeMissing && touched.has('pickup.store') ? { store: t`Please choose the pick-up store.` } : {}),
  }
  if (carrierWord.error && !invoiceErrors.carrier_code) invoiceErrors.carrier_code = carrierWord.error

  const leave = (prefix: string) => (field: string) => {
    // leaving a field for "Place order" does not show its problem there and then: the message would
    // push the button down between press and release, and the tap would miss it; the press shows them all
    if (submitPress.leavingForSubmit()) return
    setTouched((before) => new Set(before).add(`${prefix}.${field}`))
    setServerErrors((before) => {
      const { [`${prefix}.${field}`]: _dropped, ...rest } = before
      return rest
    })
    if (prefix === 'invoice' && field === 'carrier_code' && draft.invoice.carrier_type === 'mobile') void carrier.check(checkoutDraft.invoice.carrier_code)
  }

  const focusFirstProblem = () => focusFirstInvalid(formRef.current, () => document.getElementById(problemId))

  const quoteProblem = (): Problem | null => {
    const error = quote.error
    if (!error || (isApiError(error) && error.code === 'COUPON_INVALID')) return null
    if (isApiError(error) && (error.code === 'OUT_OF_STOCK' || error.code === 'PRODUCT_UNAVAILABLE')) return { text: error.message, toCart: true }
    return { text: error.message }
  }
  const shownProblem = problem ?? quoteProblem()

  // what the quote says this member may order now (decision 61): said before "Place order", which it stops
  const units = lines.reduce((sum, line) => sum + line.quantity, 0)
  const mustVerify = unverifiedNotice(quote.data?.unverified_limit, units)
  const overShare = quote.data?.lines.find((line) => line.quantity > line.max_quantity)

  async function submit(event: FormEvent) {
    event.preventDefault()
    // a second click (or Enter) while the first is on its way changes nothing
    if (placing.current) return
    setProblem(null)
    const mobile = draft.invoice.mode === 'personal' && draft.invoice.carrier_type === 'mobile'
    // every field that needs attention says so at once (a shopper fixing them one press at a time
    // would not know how many are left); the first of them, in the page's order, takes the focus
    const invalid = [
      ...(!pickingUp && newRecipient && !recipientCheck.ok ? fieldsOf(recipientCheck.errors, 'recipient') : []),
      ...(pickingUp && storeMissing ? ['pickup.store'] : []),
      ...(pickingUp && !personCheck.ok ? fieldsOf(personCheck.errors, 'pickup') : []),
      ...(invoiceCheck.ok ? [] : fieldsOf(invoiceCheck.errors, 'invoice')),
    ]
    if (invalid.length > 0 || carrierWord.error) {
      setTouched((before) => new Set([...before, ...invalid]))
      focusFirstProblem()
      return
    }
    if (!pickingUp && draft.recipientChoice === null) {
      setProblem({ text: t`Please choose a recipient.` })
      focusFirstProblem()
      return
    }
    if (!quote.data || quote.isFetching) {
      setProblem({ text: t`The totals are being updated. Please try again in a moment.` })
      return
    }
    // the server would refuse it: said here, and asked again (the member may have verified or paid meanwhile)
    if (mustVerify || overShare) {
      void quote.refetch()
      setProblem(mustVerify ? { text: mustVerify, verify: true } : { text: shareProblem(overShare!.name, overShare!.max_quantity), toCart: true })
      focusFirstProblem()
      return
    }
    placing.current = true
    setBusy(true)
    try {
      if (mobile) {
        const checked = await carrier.check(checkoutDraft.invoice.carrier_code)
        if (checked?.status === 'missing') {
          focusFirstProblem()
          return
        }
      }
      let recipientId = typeof draft.recipientChoice === 'number' ? draft.recipientChoice : undefined
      let recipient: CreateOrderInput['recipient']
      if (!pickingUp && newRecipient && recipientCheck.ok) {
        if (draft.saveRecipient) {
          const saved = await saveRecipient.mutateAsync({ input: recipientCheck.output })
          draftActions.chooseRecipient(saved.id)
          recipientId = saved.id
        } else recipient = recipientCheck.output
      }
      if (!invoiceCheck.ok || (pickingUp && (!personCheck.ok || !draft.pickup.store))) return
      const { store, storePick } = draft.pickup
      const input: CreateOrderInput = {
        lines: lineInputs(lines),
        ...(pickingUp && personCheck.ok && store
          ? { pickup: { ...(storePick ? { store_pick: storePick } : { store: { chain: store.chain, id: store.id } }), ...personCheck.output } }
          : recipientId !== undefined
            ? { recipient_id: recipientId }
            : { recipient }),
        invoice: invoiceCheck.output,
        coupon_code: draft.coupon,
        shipment: draft.shipment,
        payment_method: pickingUp ? draft.paymentMethod : 'card',
      }
      const order = await placeOrder.mutateAsync({ input, key: orderAttempts.keyFor(input) })
      orderAttempts.finish()
      clearDraft()
      onPlaced(order)
    } catch (error) {
      handleFailure(error)
    } finally {
      placing.current = false
      setBusy(false)
    }
  }

  function handleFailure(error: unknown) {
    if (!isApiError(error)) {
      setProblem({ text: t`Oops...Something went wrong` })
      return
    }
    // the same content keeps its key: pressing again answers the order if it was placed after all
    const mayRetry = error.status === 0 || error.status >= 500 || error.code === 'IN_PROGRESS'
    if (!mayRetry) orderAttempts.finish()
    if (error.code === 'COUPON_INVALID') {
      draftActions.removeCoupon(couponProblem(error))
      return
    }
    if (error.code === 'CARRIER_NOT_FOUND') {
      // the Ministry answered the order although the page's check could not reach it: said on the field, like that check
      carrier.refused(draft.invoice.carrier_code, error.fieldMessage('invoice.carrier_code') ?? translateValidationMessage(error.message))
      focusFirstProblem()
      return
    }
    if (error.code === 'OUT_OF_STOCK' || error.code === 'PRODUCT_UNAVAILABLE') {
      void quote.refetch()
      setProblem({ text: error.message, toCart: true })
      return
    }
    if (error.code === 'EMAIL_NOT_VERIFIED') {
      void quote.refetch()
      setProblem({ text: unverifiedProblem(error), verify: true })
      focusFirstProblem()
      return
    }
    if (error.code === 'VARIANT_HOLD_LIMIT') {
      void quote.refetch()
      setProblem({ text: holdProblem(error, lines), toCart: true })
      focusFirstProblem()
      return
    }
    const fields = serverFieldErrors(error)
    if (error.code === 'VALIDATION_FAILED' && Object.keys(fields).length > 0) {
      // a recipient saved on its own answers its fields without the prefix
      setServerErrors(Object.fromEntries(Object.entries(fields).map(([field, message]) => [field.includes('.') || field === 'shipment' || field === 'payment_method' ? field : `recipient.${field}`, message])))
      focusFirstProblem()
      return
    }
    const reason = error.message
    setProblem({ text: mayRetry ? t`${reason} Press “Place order” again: an order already placed is kept, never placed twice.` : reason })
    focusFirstProblem()
  }

  const amount = quote.data ? formatPrice(quote.data.amount) : ''
  const fees = quote.data?.shipment_fees ?? (settings ? { home: settings.logistics_fee, cvs: settings.logistics_fee_cvs } : undefined)
  const feeText = (fee: number | undefined) => (fee === undefined ? null : fee === 0 ? t`Free for this order` : formatPrice(fee))
  const threshold = settings ? formatPrice(settings.free_shipping_threshold) : ''
  const cod = pickingUp && draft.paymentMethod === 'cod'

  return (
    <form
      ref={formRef}
      className="checkout"
      onSubmit={(event) => void submit(event)}
      {...submitPress.formProps}
      noValidate
    >
      {mustVerify ? (
        <div className="form-alert form-alert--info checkout__notice" role="status">
          {mustVerify} {verifyAction}
        </div>
      ) : null}
      <div className="checkout__main">
        <section className="checkout-section" aria-labelledby="checkout-shipment">
          <h2 id="checkout-shipment" className="checkout-section__title">
            {t`Delivery`}
          </h2>
          <div role="radiogroup" aria-labelledby="checkout-shipment" className="choice-list">
            <ChoiceRadio
              name="shipment"
              value="home"
              checked={!pickingUp}
              onChoose={() => draftActions.setShipment('home')}
              title={t`Home delivery`}
              text={
                <>
                  {feeText(fees?.home)}
                  {threshold ? ` · ${t`free for orders of ${threshold} or more`}` : null}
                </>
              }
            />
            <ChoiceRadio
              name="shipment"
              value="cvs"
              checked={pickingUp}
              onChoose={() => draftActions.setShipment('cvs')}
              title={t`Convenience-store pick-up`}
              text={
                <>
                  {feeText(fees?.cvs)} · {t`7-ELEVEN, FamilyMart or Hi-Life; pay by card or in cash at the store`}
                </>
              }
            />
          </div>
        </section>
        {pickingUp ? (
          <>
            <PickupSection errors={pickupErrors} onLeaveField={leave('pickup')} mapFailed={mapFailed && !draft.pickup.store} />
            <section className="checkout-section" aria-labelledby="checkout-payment-method">
              <h2 id="checkout-payment-method" className="checkout-section__title">
                {t`Payment`}
              </h2>
              <div role="radiogroup" aria-labelledby="checkout-payment-method" className="choice-list">
                <ChoiceRadio name="payment-method" value="card" checked={!cod} onChoose={() => draftActions.setPaymentMethod('card')} title={t`Card`} text={t`Paid now, on the next step.`} />
                <ChoiceRadio
                  name="payment-method"
                  value="cod"
                  checked={cod}
                  onChoose={() => draftActions.setPaymentMethod('cod')}
                  title={t`Cash on pick-up`}
                  text={t`Paid in cash at the store when you collect the parcel.`}
                />
              </div>
            </section>
          </>
        ) : (
          <RecipientSection recipients={recipients.data} failed={recipients.isError} errors={recipientErrors} onLeaveField={leave('recipient')} />
        )}
        <InvoiceSection errors={invoiceErrors} onLeaveField={leave('invoice')} carrierNote={carrierWord.note} />
      </div>
      <OrderSummary
        lines={lines}
        quote={quote.data}
        updating={quote.isFetching}
        coupon={
          <CouponField
            lines={lines}
            applied={quote.data?.coupon ?? null}
            appliedCode={draft.coupon}
            problem={couponTrouble}
            onApply={draftActions.applyCoupon}
            onRemove={() => draftActions.removeCoupon()}
          />
        }
      >
        <div id={problemId} className={shownProblem ? 'form-alert' : 'visually-hidden'} role="alert" tabIndex={-1}>
          {shownProblem ? (
            <>
              {shownProblem.text}{' '}
              {shownProblem.toCart ? (
                <Link to="/{-$locale}/cart" params={{ locale }}>
                  {t`Back to the cart`}
                </Link>
              ) : null}
              {shownProblem.verify ? verifyAction : null}
            </>
          ) : null}
        </div>
        <button type="submit" className="button button-primary button-block checkout__place" aria-disabled={busy || undefined} disabled={lines.length === 0}>
          {busy ? t`Placing your order…` : amount ? t`Place order · ${amount}` : t`Place order`}
        </button>
        <p className="checkout-summary__note">{cod ? t`You pay in cash when you collect the parcel at the store.` : t`You pay by card on the next step.`}</p>
      </OrderSummary>
    </form>
  )
}
