import { describe, expect, it } from 'vitest'
import { maskedName } from './service'

describe('maskedName', () => {
  it('shows the family name’s first character and at most the given name’s last', () => {
    expect(maskedName({ first_name: '小美', last_name: '林' })).toBe('林*美')
    expect(maskedName({ first_name: '花子', last_name: '山田' })).toBe('山**子')
    expect(maskedName({ first_name: '美', last_name: '林' })).toBe('林*')
    expect(maskedName({ first_name: 'Ken', last_name: 'Ito' })).toBe('K***o')
  })

  it('shows nothing of a one-character given name after a longer family name', () => {
    expect(maskedName({ first_name: '娜', last_name: '歐陽' })).toBe('歐**')
    expect(maskedName({ first_name: '花', last_name: '山田' })).toBe('山**')
    expect(maskedName({ first_name: ' 娜 ', last_name: ' 司馬 ' })).toBe('司**')
  })
})
