// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LockedMessage } from './login-form'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(cleanup)

const shown = (props: { minutes: number; seconds?: number }) =>
  render(
    <I18nProvider i18n={i18n}>
      <LockedMessage {...props} />
    </I18nProvider>,
  ).container.textContent

describe('LockedMessage', () => {
  it("tells a short hold's exact wait in seconds", () => {
    expect(shown({ minutes: 1, seconds: 32 })).toBe('Wrong account or password too many times, please try again in 32 seconds')
    expect(shown({ minutes: 1, seconds: 1 })).toBe('Wrong account or password too many times, please try again in 1 second')
    expect(shown({ minutes: 1, seconds: 60 })).toBe('Wrong account or password too many times, please try again in 60 seconds')
  })

  it('tells a lock-out in minutes, and so when the server gives no seconds', () => {
    expect(shown({ minutes: 15, seconds: 900 })).toBe('Wrong account or password too many times, please try again after 15 minutes')
    expect(shown({ minutes: 1 })).toBe('Wrong account or password too many times, please try again after 1 minute')
  })
})
