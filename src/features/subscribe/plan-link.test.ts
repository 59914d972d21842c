import { describe, expect, it } from 'vitest'
import { planLinkFor } from './plan-link'

describe('planLinkFor', () => {
  it('leaves the link alone for a visitor', () => {
    expect(planLinkFor('https://buy.example.com/plan-12', null)).toBe('https://buy.example.com/plan-12')
  })

  it('adds the member id and the e-mail, encoded', () => {
    const link = new URL(planLinkFor('https://buy.example.com/plan-12', { id: 42, email: 'a+b@shop.tw' }))
    expect(link.origin + link.pathname).toBe('https://buy.example.com/plan-12')
    expect(link.searchParams.get('client_reference_id')).toBe('42')
    expect(link.searchParams.get('prefilled_email')).toBe('a+b@shop.tw')
    expect(link.search).toContain('prefilled_email=a%2Bb%40shop.tw')
  })

  it('keeps the query the link already has and replaces stale values', () => {
    const link = new URL(planLinkFor('https://buy.example.com/p?locale=ja&client_reference_id=1', { id: 7, email: 'm@shop.tw' }))
    expect(link.searchParams.get('locale')).toBe('ja')
    expect(link.searchParams.getAll('client_reference_id')).toEqual(['7'])
  })

  it('returns a link it cannot read unchanged', () => {
    expect(planLinkFor('not a url', { id: 1, email: 'm@shop.tw' })).toBe('not a url')
  })
})
