import sharp from 'sharp'
import { expect, test } from './kit'

/** WCAG relative luminance and contrast ratio of two sRGB colours. */
const luminance = ([r, g, b]: number[]) => {
  const [R, G, B] = [r!, g!, b!].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!
}
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

test.describe('home page', () => {
  test('shows the banner, hot cities, categories and trend rows of product cards', async ({ page, request }) => {
    await page.goto('/en')
    await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible()

    const cities = page.getByRole('region', { name: 'Hot cities' })
    for (const city of ['Osaka', 'Kyoto', 'Kobe', 'Nara', 'Wakayama']) {
      await expect(cities.getByRole('link', { name: new RegExp(city) })).toHaveAttribute('href', new RegExp(`/en/product/list\\?city=${city.toLowerCase()}$`))
    }

    const categories = page.getByRole('region', { name: 'Shop by category' })
    await expect(categories.getByRole('link').nth(1)).toHaveAttribute('href', /\/en\/product\/list\?category_id=\d+$/)

    const groups = (await (await request.get('/api/v1/trend_group', { headers: { 'X-localization': 'en' } })).json()) as {
      data: { name: string; products: unknown[] }[]
    }
    const withProducts = groups.data.filter((g) => g.products.length > 0)
    expect(withProducts.length).toBeGreaterThan(0)
    for (const group of withProducts) {
      const row = page.getByRole('region', { name: group.name, exact: true })
      await expect(row.getByRole('heading', { name: group.name })).toBeVisible()
      await expect(row.getByRole('article')).toHaveCount(group.products.length)
      await expect(row.getByRole('article').first()).toContainText(/NT\$[\d,]+/)
    }
  })

  test('a hot city opens the list filtered by that city', async ({ page }) => {
    await page.goto('/en')
    await page.getByRole('region', { name: 'Hot cities' }).getByRole('link', { name: /Kyoto/ }).click()
    await expect(page).toHaveURL(/\/en\/product\/list\?city=kyoto$/)
    await expect(page.getByLabel('City')).toHaveValue('kyoto')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kyoto')
  })

  test('the header turns solid and fixed after scrolling one window height', async ({ page }) => {
    await page.goto('/en')
    await expect(page.getByRole('heading', { name: 'Popular right now' })).toBeAttached()
    const banner = page.getByRole('banner')
    await expect(banner).toHaveCSS('position', 'absolute')
    // retried: the router may still restore the scroll position right after the first render
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, window.innerHeight + 200))
      await expect(banner).toHaveCSS('position', 'fixed', { timeout: 500 })
    }).toPass()
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(banner).toHaveCSS('position', 'absolute')
  })

  test('a referrer code in the link is kept in a cookie', async ({ page, context }) => {
    await page.goto('/?referrer_code=FRIEND42')
    await expect(page.getByRole('heading', { name: /.+/ }).first()).toBeVisible()
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'referrer_code')?.value).toBe('FRIEND42')
    const cookie = (await context.cookies()).find((c) => c.name === 'referrer_code')!
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 86_400)
  })

  test('the keyboard focus ring stands out on the red hero (3:1 against what it is drawn on)', async ({ page }) => {
    await page.goto('/en')
    const hero = page.getByRole('region', { name: 'Featured' })
    const action = hero.getByRole('link', { name: 'Shop all products' })
    await expect(action).toBeVisible()
    // reach the hero's button with the keyboard, as a keyboard user does
    for (let i = 0; i < 40 && !(await action.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(action).toBeFocused()
    const style = await action.evaluate((el) => {
      const css = getComputedStyle(el)
      return { width: parseFloat(css.outlineWidth), offset: parseFloat(css.outlineOffset), color: css.outlineColor, style: css.outlineStyle }
    })
    expect(style.style).not.toBe('none')
    expect(style.width).toBeGreaterThanOrEqual(2)
    // the ring's pixels against the same pixels unfocused, beside the button's left edge and above its top
    const box = (await action.boundingBox())!
    const ring = style.offset + style.width / 2
    const points = [
      [box.x - ring, box.y + box.height / 2],
      [box.x + box.width / 2, box.y - ring],
    ].map(([x, y]) => [Math.round(x!), Math.round(y!)] as const)
    const pixels = async () => {
      const { data, info } = await sharp(await page.screenshot()).raw().toBuffer({ resolveWithObject: true })
      const scale = info.width / page.viewportSize()!.width
      return points.map(([x, y]) => {
        const at = (Math.round(y * scale) * info.width + Math.round(x * scale)) * info.channels
        return [data[at]!, data[at + 1]!, data[at + 2]!]
      })
    }
    const focused = await pixels()
    await action.evaluate((el) => (el as HTMLElement).blur())
    const unfocused = await pixels()
    focused.forEach((colour, i) => expect(contrast(colour, unfocused[i]!), `ring ${colour} on ${unfocused[i]}`).toBeGreaterThanOrEqual(3))
  })
})
