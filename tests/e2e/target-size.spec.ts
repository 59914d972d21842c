import type { Page } from '@playwright/test'
import { allProducts, expect, header, test, tr, type UiLocale } from './kit'
import { authDialog, pathIn } from './support/accounts'

/**
 * WCAG 2.2 target size (minimum, 2.5.8): every control a finger or a pointer aims at is at least
 * 24 × 24 CSS px, at phone, tablet and desktop widths, in each language (a longer English name
 * must not squeeze the header's buttons). Measured, not looked at:
 * - a control's target is its box; a card's link stretched over the card by `::after` is hit
 *   anywhere on the card, and a radio or checkbox through its label;
 * - a link inside a sentence is exempt, as WCAG allows;
 * - an icon in a control is drawn at its own proportions: an icon squeezed by its neighbours (the
 *   language menu's globe was 10 × 18) counts as a fault too.
 */
const WIDTHS = [320, 390, 768, 1024, 1440]

async function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = []
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [tabindex]:not([tabindex="-1"])')
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue
      let box = control.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      const after = getComputedStyle(control, '::after')
      if (after.content !== 'none' && after.position === 'absolute' && control.offsetParent) box = control.offsetParent.getBoundingClientRect()
      const labels = (control as HTMLInputElement).labels
      for (const label of labels ?? []) {
        const area = label.getBoundingClientRect()
        if (area.width * area.height > box.width * box.height) box = area
      }
      const style = getComputedStyle(control)
      const inSentence = style.display === 'inline' && (control.parentElement?.textContent?.trim().length ?? 0) > (control.textContent?.trim().length ?? 0)
      const name = `${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}"`
      if (!inSentence && (box.width < 24 || box.height < 24)) faults.push(`${name} is ${box.width.toFixed(1)} × ${box.height.toFixed(1)}`)
      for (const icon of control.querySelectorAll('svg[viewBox]')) {
        const drawn = icon.getBoundingClientRect()
        const [, , width, height] = icon.getAttribute('viewBox')!.split(/[\s,]+/).map(Number)
        if (drawn.height > 0 && Math.abs(drawn.width / drawn.height - width! / height!) > 0.1) faults.push(`${name}: an icon squeezed to ${drawn.width.toFixed(1)} × ${drawn.height.toFixed(1)}`)
      }
    }
    return [...new Set(faults)]
  })
}

/** Opens a page at phone width, then measures it at every width. */
async function checkAtEveryWidth(page: Page, path: string, faults: string[]) {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(path)
  await expect(page.getByRole('main')).toBeVisible()
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    // the layout follows the width in the next frame
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    for (const fault of await undersizedTargets(page)) faults.push(`${path} at ${width} px: ${fault}`)
  }
}

for (const locale of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
  test(`no control is smaller than 24 × 24 px at any width (${locale})`, async ({ page }) => {
    test.setTimeout(90_000)
    const product = (await allProducts(page.request, locale)).find((p) => p.status === 'ACTIVE' && p.variants.length > 1) ?? (await allProducts(page.request, locale))[0]!
    const faults: string[] = []
    for (const path of ['', '/product/list', `/product/detail/${product.id}`, '/product/search/matcha?keyword=matcha', '/cart', '/subscribe']) await checkAtEveryWidth(page, pathIn(locale, path), faults)

    // the sign-in dialog's views, on a phone
    await page.setViewportSize({ width: 320, height: 700 })
    await page.goto(pathIn(locale, '/product/list'))
    await header(page).getByRole('button', { name: tr(locale, 'Log in/Sign up') }).click()
    await expect(authDialog(page, locale)).toBeVisible()
    for (const fault of await undersizedTargets(page)) faults.push(`sign-in dialog at 320 px: ${fault}`)

    expect(faults).toEqual([])
  })
}
