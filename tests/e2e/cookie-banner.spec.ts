import { expect, test } from './kit'

test.describe('cookie notice', () => {
  test.use({ acceptCookies: false })

  test('disappears after Agree and stays hidden after a reload', async ({ page, context }) => {
    await page.goto('/en')
    const notice = page.getByRole('region', { name: 'Cookie notice' })
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', /^https?:\/\//)
    await notice.getByRole('button', { name: 'Agree' }).click()
    await expect(notice).toBeHidden()
    expect((await context.cookies()).find((c) => c.name === 'gdpr_accepted')).toMatchObject({ value: '1' })
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Hot cities' })).toBeVisible()
    await expect(notice).toBeHidden()
  })

  test('the currency cookie is set to TWD when missing', async ({ page, context }) => {
    await page.goto('/')
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'currency')?.value).toBe('TWD')
  })
})
