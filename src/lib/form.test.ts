import { i18n } from '@lingui/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LoginFormSchema, MESSAGES, RegisterFormSchema } from '../../contract/auth'
import { ApiError } from './api-client'
import { serverFieldErrors, validateForm } from './form'
import { knownValidationMessages, translateValidationMessage } from './validation-messages'

// the compiled catalog (`lingui compile`, run by `npm test` before the unit tests); absent in a bare checkout
const compiled = import.meta.glob<{ messages: Record<string, unknown> }>('../../locales/zh-TW/messages.ts', { eager: true })
const zhTW = Object.values(compiled)[0]?.messages

beforeAll(() => {
  i18n.load('zh-TW', (zhTW ?? {}) as never)
  i18n.activate('zh-TW')
})
afterAll(() => {
  i18n.activate('en')
})

describe.skipIf(!zhTW)('validation messages', () => {
  it('has a translation for every message of the contract', () => {
    for (const message of Object.values(MESSAGES)) expect(knownValidationMessages()).toContain(message)
  })

  it('shows contract messages in the active language and passes other texts through', () => {
    expect(translateValidationMessage(MESSAGES.maxEmail)).toBe('最多 254 個字元')
    expect(translateValidationMessage(MESSAGES.confirmation)).toBe('新密碼輸入不一致')
    expect(translateValidationMessage('已經翻譯好的訊息')).toBe('已經翻譯好的訊息')
  })
})

describe.skipIf(!zhTW)('validateForm', () => {
  it('gives the first translated message of each field', () => {
    const result = validateForm(LoginFormSchema, { email: 'x'.repeat(255), password: 'y'.repeat(129) })
    expect(result).toEqual({ ok: false, errors: { email: '最多 254 個字元', password: '最多 128 個字元' } })
  })

  it('returns the parsed values when they pass', () => {
    const result = validateForm(RegisterFormSchema, { first_name: ' 美玲 ', last_name: '林', email: 'mei@ex.tw', password: 'a', password_confirmation: 'a' })
    expect(result.ok && result.output).toMatchObject({ first_name: '美玲', nationality: 'Taiwan', verify_method: 'EMAIL' })
    // no gender chosen stays not chosen (decision 54), rather than the spec's MALE
    expect(result.ok && result.output.gender).toBeUndefined()
  })
})

describe('serverFieldErrors', () => {
  it('keeps the first message per field and ignores numeric facts', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'bad', { email: ['此電子郵件已被註冊', 'second'], lock_minutes: 15 })
    expect(serverFieldErrors(error)).toEqual({ email: '此電子郵件已被註冊' })
    expect(serverFieldErrors(new Error('boom'))).toEqual({})
  })
})
