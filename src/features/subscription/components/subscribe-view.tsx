import { useLingui } from '@lingui/react/macro'
import { localizePathname } from '../../../../contract/locale-paths'
import { useLocale } from '@/lib/i18n'
import { absoluteUrl } from '@/lib/page-head'
import { ShareControls } from '@/ui/share-controls'
import { BoxBanners } from './box-banners'
import { BoxFeatures } from './box-features'
import { SampleReviews } from './sample-reviews'
import { SubscribePlans, type PlanChoice } from './subscribe-plans'
import '@/ui/form.css'
import './subscribe.css'

/** The subscribe page (spec §9): the pictures, what is in the box, the plans (then the delivery step) and what subscribers say. */
export function SubscribeView(choice: PlanChoice) {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <div className="subscribe">
      <div className="container subscribe__intro">
        <h1 className="subscribe__title">{t`Monthly Japanese snack box`}</h1>
        <p className="subscribe__lead">{t`Limited drinks, snacks, regional gifts and ramen from all over Japan, delivered to Taiwan every month.`}</p>
        <ShareControls
          url={absoluteUrl(localizePathname('/subscribe', locale))}
          title={t`Monthly Japanese snack box`}
          text={t`A box of Japanese snacks every month, delivered to Taiwan.`}
        />
      </div>
      <div className="container">
        <BoxBanners />
      </div>
      <BoxFeatures />
      <SubscribePlans {...choice} />
      <SampleReviews />
    </div>
  )
}
