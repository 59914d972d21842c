import { describe, expect, it } from 'vitest'
import { maskedName } from './masked-name'

describe('maskedName', () => {
  it('masks Han, kana and Hangul names in the middle, family name first, for everyone', () => {
    for (const audience of ['public', 'acquaintance'] as const) {
      expect(maskedName('美玲', '林', audience)).toBe('林*玲')
      expect(maskedName('小美', '林', audience)).toBe('林*美')
      expect(maskedName('美', '林', audience)).toBe('林*')
      expect(maskedName('花子', '山田', audience)).toBe('山**子')
      expect(maskedName('小明', '王', audience)).toBe('王*明')
      expect(maskedName('민준', '김', audience)).toBe('김*준')
    }
  })

  it('shows nothing of a one-character given name after a longer family name', () => {
    for (const audience of ['public', 'acquaintance'] as const) {
      expect(maskedName('娜', '歐陽', audience)).toBe('歐**')
      expect(maskedName('花', '山田', audience)).toBe('山**')
      expect(maskedName(' 娜 ', ' 司馬 ', audience)).toBe('司**')
    }
  })

  it('shows a review author as the given name and the family name’s initial', () => {
    expect(maskedName('Mei', 'Lin', 'public')).toBe('Mei L.')
    expect(maskedName('ann', 'smith', 'public')).toBe('ann S.')
    expect(maskedName('Zoë', '', 'public')).toBe('Zoë')
  })

  it('masks a friend’s Latin name for the referrer', () => {
    expect(maskedName('Ken', 'Ito', 'acquaintance')).toBe('K***o')
  })
})
