import { describe, expect, it } from 'vitest'
import { placementFor } from './toast-placement'

const panel = (left: number, width: number) => ({ left, right: left + width, top: 72, bottom: 560 })

describe('placementFor', () => {
  it('keeps toasts at the top with no header panel open', () => {
    expect(placementFor([], 1440, 350)).toEqual({ at: 'top' })
  })

  it('puts them beside an open panel, on its left, when a whole toast fits there', () => {
    // the bell's dropdown at 1440 px: 380 px wide, right-aligned under the bell
    expect(placementFor([panel(760, 380)], 1440, 350)).toEqual({ at: 'beside', right: 1440 - 760 + 12 })
    // the leftmost of two open panels counts
    expect(placementFor([panel(900, 360), panel(760, 380)], 1440, 350)).toEqual({ at: 'beside', right: 692 })
  })

  it('sends them to the bottom when there is no room beside the panel', () => {
    expect(placementFor([panel(200, 380)], 600, 350)).toEqual({ at: 'bottom' })
    expect(placementFor([panel(8, 359)], 375, 351)).toEqual({ at: 'bottom' })
  })
})
