import { describe, expect, it } from 'vitest'
import { isIosSafari } from './pwa'

const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
const SAFARI_IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15'
const CHROME_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1'
const LINE_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/15.9.0'
const FACEBOOK_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22F76 [FBAN/FBIOS;FBAV/520.0.0.38.101;FBBV/1;FBDV/iPhone15,2]'
const INSTAGRAM_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 380.0.0.28.104 (iPhone15,2; iOS 18_5; ja_JP)'

describe('isIosSafari', () => {
  it('is Safari on an iPhone, and on an iPad that names itself a Mac but has a touch screen', () => {
    expect(isIosSafari(SAFARI_IPHONE, 5)).toBe(true)
    expect(isIosSafari(SAFARI_IPAD, 5)).toBe(true)
  })

  it('is not Safari on a Mac without a touch screen', () => {
    expect(isIosSafari(SAFARI_IPAD, 0)).toBe(false)
  })

  it('is not another browser on iOS, nor the in-app browsers of LINE, Facebook and Instagram', () => {
    for (const agent of [CHROME_IPHONE, LINE_IPHONE, FACEBOOK_IPHONE, INSTAGRAM_IPHONE]) expect(isIosSafari(agent, 5)).toBe(false)
  })
})
