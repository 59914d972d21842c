// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Recipient, RecipientInput } from '../../../../contract/recipient'
import type { RecipientBook } from '@/lib/recipient-book'
import { BoxRecipientForm } from './box-recipient-form'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(cleanup)

/** A promise and the function that settles it, so a test decides when the server answers. */
function later<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('BoxRecipientForm', () => {
  it('a double click while the recipient is saved and the payment page opened saves one recipient and submits once', async () => {
    const saved = later<Recipient>()
    const checkout = later<void>()
    const book: RecipientBook = { list: [], failed: false, save: vi.fn((_input: RecipientInput) => saved.promise) }
    const onSubmit = vi.fn(() => checkout.promise)
    render(
      <I18nProvider i18n={i18n}>
        <BoxRecipientForm book={book} title="Where should we send your boxes?" submitLabel="Continue to payment" busy={false} serverErrors={{}} onSubmit={onSubmit} />
      </I18nProvider>,
    )
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '王小明' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '0912345678' } })
    fireEvent.change(screen.getByLabelText('County or city'), { target: { value: '臺北市' } })
    fireEvent.change(screen.getByLabelText('District'), { target: { value: '大安區' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), { target: { value: '復興南路一段 390 號' } })
    const button = screen.getByRole('button', { name: 'Continue to payment' })
    await act(async () => {
      fireEvent.click(button)
      fireEvent.click(button)
    })
    expect(button).toHaveProperty('disabled', true)
    expect(book.save).toHaveBeenCalledTimes(1)
    await act(async () => saved.resolve({ id: 1 } as Recipient))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    // still opening the payment page: the button stays disabled, another click does nothing
    expect(button).toHaveProperty('disabled', true)
    await act(async () => fireEvent.click(button))
    expect(book.save).toHaveBeenCalledTimes(1)
    expect(onSubmit).toHaveBeenCalledTimes(1)
    // the answer came (a refusal, say): the member may try again
    await act(async () => checkout.resolve())
    expect(button).toHaveProperty('disabled', false)
  })
})
