import { useLingui } from '@lingui/react/macro'
import { SUBSCRIPTION_FEATURES } from '../../../../contract/subscription'
import { useLocale } from '@/lib/i18n'

const MARKS: Record<(typeof SUBSCRIPTION_FEATURES)[number]['key'], string> = { drinks: '#3f8fc0', snacks: '#f2a20c', gifts: '#d92c44', ramen: '#b8462e' }

/** What every box holds: the four kinds of things, from the contract. */
export function BoxFeatures() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <section className="section container" aria-labelledby="box-features">
      <h2 id="box-features" className="section-title">
        {t`What is in the box`}
      </h2>
      <ul className="box-features">
        {SUBSCRIPTION_FEATURES.map((feature) => (
          <li key={feature.key} className="box-feature">
            <span className="box-feature__mark" style={{ background: MARKS[feature.key] }} aria-hidden="true" />
            <h3 className="box-feature__title">{feature.title[locale]}</h3>
            <p className="box-feature__text">{feature.text[locale]}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
