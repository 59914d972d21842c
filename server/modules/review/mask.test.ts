import { describe, expect, it } from 'vitest'
import { maskedName } from './mask'

describe('maskedName', () => {
  it('masks Han and kana names in the middle, family name first', () => {
    expect(maskedName('美玲', '林')).toBe('林*玲')
    expect(maskedName('美', '林')).toBe('林*')
    expect(maskedName('花子', '山田')).toBe('山**子')
    expect(maskedName('小明', '王')).toBe('王*明')
  })
  it('shows the given name and the initial of the family name otherwise', () => {
    expect(maskedName('Mei', 'Lin')).toBe('Mei L.')
    expect(maskedName('ann', 'smith')).toBe('ann S.')
    expect(maskedName('Zoë', '')).toBe('Zoë')
  })
})
