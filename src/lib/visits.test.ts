import { beforeEach, describe, expect, it } from 'vitest'
import { isFirstVisit, markVisit } from './visits'

describe('markVisit', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('calls the first session the first visit, its reloads too, and any later session not', () => {
    markVisit()
    expect(isFirstVisit()).toBe(true)
    markVisit() // a reload in the same tab
    expect(isFirstVisit()).toBe(true)
    sessionStorage.clear() // another day, a new session
    markVisit()
    expect(isFirstVisit()).toBe(false)
  })
})
