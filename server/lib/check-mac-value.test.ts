import { describe, expect, it } from 'vitest'
import { checkMacValue, formatReply, hasValidMac, parseReply, phpUrlEncode } from './check-mac-value'

// The worked examples ECPay publishes, and answers ECPay's staging servers signed themselves
// (sources: docs/decisions/0075-convenience-store-pick-up-through-ecpay.md).
const LOGISTICS_B2C = { hashKey: '5294y06JbISpM5x9', hashIv: 'v77hoKGq4kWxNNIS' }
const LOGISTICS_C2C = { hashKey: 'XBERn1YOvpM9nfZc', hashIv: 'h1ONHk4P4yqbl5LK' }

const fieldsOf = (query: string) => Object.fromEntries(query.split('&').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]))

describe('CheckMacValue', () => {
  it('reproduces the payments example of ECPay’s documentation (SHA-256)', () => {
    const fields = {
      TradeDesc: '促銷方案',
      PaymentType: 'aio',
      MerchantTradeDate: '2023/03/12 15:30:23',
      MerchantTradeNo: 'ecpay20230312153023',
      MerchantID: '3002607',
      ReturnURL: 'https://www.ecpay.com.tw/receive.php',
      ItemName: 'Apple iphone 15',
      TotalAmount: '30000',
      ChoosePayment: 'ALL',
      EncryptType: '1',
    }
    expect(checkMacValue(fields, { hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' }, 'sha256')).toBe('6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840')
  })

  it('reproduces the earlier edition’s example, with the logistics staging keys (SHA-256)', () => {
    const fields = {
      TradeDesc: '促銷方案',
      PaymentType: 'aio',
      MerchantTradeDate: '2013/03/12 15:30:23',
      MerchantTradeNo: 'ecpay20130312153023',
      MerchantID: '2000132',
      ReturnURL: 'https://www.ecpay.com.tw/receive.php',
      ItemName: 'Apple iphone 7 手機殼',
      TotalAmount: '1000',
      ChoosePayment: 'ALL',
      EncryptType: '1',
    }
    expect(checkMacValue(fields, LOGISTICS_B2C, 'sha256')).toBe('CFA9BDE377361FBDD8F160274930E815D1A8A2E3E80CE7D404C45FC9A0A1E407')
  })

  it('reproduces ECPay’s MD5 example, an empty value included', () => {
    const fields = { RtnCode: '1', RtnMsg: '', IA_Allow_No: '1909181313013546', IA_Invoice_No: 'UV11100019', IA_Date: '2019-09-18 13:13:23', IIS_Remain_Allowance_Amt: '0' }
    expect(checkMacValue(fields, { hashKey: 'ejCk326UnaZWKisg', hashIv: 'q9jcZX8Ib9LM8wYk' })).toBe('50A276E71DAE26343013958B405EEEA0')
  })

  it('verifies answers ECPay’s logistics staging server signed: two shipments created and a query', () => {
    const created = fieldsOf(
      'AllPayLogisticsID=158981&BookingNote=&CheckMacValue=5C5ECFEFB08C0525408D32C6538114DA&CVSPaymentNo=&CVSValidationNo=&GoodsAmount=110&LogisticsSubType=UNIMART&LogisticsType=CVS&MerchantID=2000132&MerchantTradeNo=GW1901041548427509&ReceiverAddress=&ReceiverCellPhone=0983337029&ReceiverEmail=&ReceiverName=Superuser&ReceiverPhone=&RtnCode=300&RtnMsg=訂單處理中(已收到訂單資料)&UpdateStatusDate=2019/01/04 15:48:42',
    )
    expect(hasValidMac(created, LOGISTICS_B2C)).toBe(true)
    const c2c = fieldsOf(
      'AllPayLogisticsID=199185&BookingNote=&CVSPaymentNo=09936343518&CVSValidationNo=&GoodsAmount=200&LogisticsSubType=FAMIC2C&LogisticsType=CVS&MerchantID=2000933&MerchantTradeNo=abc01234567891234167&ReceiverAddress=&ReceiverCellPhone=0911429215&ReceiverEmail=&ReceiverName=收件人&ReceiverPhone=0911429215&RtnCode=300&RtnMsg=訂單處理中(已收到訂單資料)&UpdateStatusDate=2019/08/05 17:49:46',
    )
    expect(checkMacValue(c2c, LOGISTICS_C2C)).toBe('5BA761C51C3197EA59B6E10EA57E8C6C')
    const queried = fieldsOf(
      'AllPayLogisticsID=199199&BookingNote=&GoodsAmount=200&GoodsName=百貨商品&HandlingCharge=5&LogisticsStatus=9999&LogisticsType=CVS_UNIMARTC2C&MerchantID=2000933&MerchantTradeNo=abc01234567891234161&ShipmentNo=G34233026887&TradeDate=2019/08/05 17:37:05&CheckMacValue=23E159CB546038F70B698338B0B7DA48',
    )
    expect(hasValidMac(queried, LOGISTICS_C2C)).toBe(true)
    // one character changed, or another merchant's keys: refused
    expect(hasValidMac({ ...created, GoodsAmount: '111' }, LOGISTICS_B2C)).toBe(false)
    expect(hasValidMac(created, LOGISTICS_C2C)).toBe(false)
    expect(hasValidMac({ ...created, CheckMacValue: '' }, LOGISTICS_B2C)).toBe(false)
  })

  it('encodes as PHP’s urlencode does, with .NET’s characters restored after lower-casing', () => {
    expect(phpUrlEncode("a b~c'd-_.!*()é")).toBe('a+b%7Ec%27d-_.%21%2A%28%29%C3%A9')
    // ECPay's published vectors for a tilde, a space and an apostrophe
    const keys = { hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' }
    expect(checkMacValue({ MerchantID: '3002607', ItemName: 'Test~Product', TotalAmount: '200' }, keys, 'sha256')).toBe('CEEAE01D2F9A8E74D4AC0DCE7735B046D73F35A5EC99558A31A2EE03159DA1C9')
    expect(checkMacValue({ MerchantID: '3002607', ItemName: 'My Test Product', TotalAmount: '300' }, keys, 'sha256')).toBe('7712A5E6EDC3B57086063C88568084C66CE882A21D40E74DE5ACA3B478C6F316')
    expect(checkMacValue({ MerchantID: '3002607', ItemName: "Tom's Shop", TotalAmount: '100' }, keys, 'sha256')).toBe('CF0A3D4901D99459D8641516EC57210700E8A5C9AB26B1D021301E9CB93EF78D')
  })
})

describe('ECPay’s plain-text answers', () => {
  it('writes and reads 1|fields sorted as they are signed, and 0|message', () => {
    const reply = formatReply({ RtnCode: 300, AllPayLogisticsID: '1', CheckMacValue: 'X', CVSPaymentNo: '' })
    expect(reply).toBe('1|AllPayLogisticsID=1&CheckMacValue=X&CVSPaymentNo=&RtnCode=300')
    expect(parseReply(reply)).toEqual({ ok: true, fields: { AllPayLogisticsID: '1', CheckMacValue: 'X', CVSPaymentNo: '', RtnCode: '300' } })
    expect(parseReply('0|MerchantID Error')).toEqual({ ok: false, message: 'MerchantID Error' })
    expect(parseReply('<html>')).toEqual({ ok: false, message: '<html>' })
  })
})
