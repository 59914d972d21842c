// @vitest-environment jsdom
import { act, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  document.body.innerHTML = ''
  vi.resetModules()
  vi.unstubAllGlobals()
})

/** A part below the first screen with a button that counts: it answers only once hydrated. */
async function page() {
  const { HydrateLater, deferBelowTheFold } = await import('./hydrate-later')
  function Counter({ label }: { label: string }) {
    const [count, setCount] = useState(0)
    return (
      <button type="button" onClick={() => setCount(count + 1)}>
        {label} {count}
      </button>
    )
  }
  return Object.assign(function Page() {
    return (
      <main>
        <Counter label="top" />
        <HydrateLater>
          <section>
            <Counter label="below" />
          </section>
        </HydrateLater>
      </main>
    )
  }, { deferBelowTheFold })
}

const button = (label: string) => [...document.querySelectorAll('button')].find((element) => element.textContent?.startsWith(label))!

describe('HydrateLater', () => {
  it('draws its children on the server like any other part', async () => {
    const Page = await page()
    expect(renderToString(<Page />)).toMatch(/<!--\$--><section><button type="button">below<!-- --> <!-- -->0<\/button><\/section><!--\/\$-->/)
  })

  it('keeps the server HTML while the rest hydrates, and hydrates it when the browser is idle, with no mismatch', async () => {
    const waiting: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => waiting.push(run))
    const idle = () => waiting.shift()!()
    const Page = await page()
    const { markAppReady, whenAppReady } = await import('../lib/app-ready')
    const host = document.createElement('div')
    host.innerHTML = renderToString(<Page />)
    document.body.append(host)
    const drawn = host.querySelector('section')
    const errors = vi.fn()
    Page.deferBelowTheFold()
    await act(async () => {
      hydrateRoot(host, <Page />, { onRecoverableError: errors })
    })
    markAppReady()
    // the top is the app's; the part below still the server's
    await act(async () => button('top').click())
    expect(button('top').textContent).toBe('top 1')
    expect(document.documentElement.dataset.app).toBeUndefined()
    await act(async () => button('below').click())
    expect(button('below').textContent).toBe('below 0')

    vi.useFakeTimers({ toFake: ['setTimeout'] })
    await act(async () => idle())
    await act(async () => vi.runAllTimers())
    vi.useRealTimers()
    // the second idle callback: the held parts have hydrated
    await act(async () => idle())
    await whenAppReady()
    expect(document.documentElement.dataset.app).toBe('ready')
    expect(host.querySelector('section')).toBe(drawn)
    await act(async () => button('below').click())
    expect(button('below').textContent).toBe('below 1')
    expect(errors).not.toHaveBeenCalled()
  })

  it('hydrates the part below at the first touch, before the browser is idle', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1)
    const Page = await page()
    const host = document.createElement('div')
    host.innerHTML = renderToString(<Page />)
    document.body.append(host)
    Page.deferBelowTheFold()
    await act(async () => {
      hydrateRoot(host, <Page />)
    })
    await act(async () => {
      button('below').dispatchEvent(new Event('pointerdown', { bubbles: true }))
    })
    await act(async () => button('below').click())
    expect(button('below').textContent).toBe('below 1')
  })

  it('renders at once in a page the app draws itself', async () => {
    const { createRoot } = await import('react-dom/client')
    const Page = await page()
    const host = document.createElement('div')
    document.body.append(host)
    await act(async () => createRoot(host).render(<Page />))
    await act(async () => button('below').click())
    expect(button('below').textContent).toBe('below 1')
  })
})
