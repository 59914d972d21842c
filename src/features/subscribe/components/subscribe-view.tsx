import { useLingui } from '@lingui/react/macro'
import type { Buyer } from '../plan-link'
import { BoxBanners } from './box-banners'
import { BoxFeatures } from './box-features'
import { SampleReviews } from './sample-reviews'
import { SubscribePlans } from './subscribe-plans'
import '../../../ui/form.css'
import './subscribe.css'

interface SubscribeViewProps {
  buyer: Buyer | null
  onGuest: () => void
}

/** The subscribe page (spec §9): the pictures, what is in the box, the plans and what subscribers say. */
export function SubscribeView({ buyer, onGuest }: SubscribeViewProps) {
  const { t } = useLingui()
  return (
    <div className="subscribe">
      <div className="container subscribe__intro">
        <h1 className="subscribe__title">{t`Monthly Japanese snack box`}</h1>
        <p className="subscribe__lead">{t`Limited drinks, snacks, regional gifts and ramen from all over Japan, delivered to Taiwan every month.`}</p>
      </div>
      <div className="container">
        <BoxBanners />
      </div>
      <BoxFeatures />
      <SubscribePlans buyer={buyer} onGuest={onGuest} />
      <SampleReviews />
    </div>
  )
}
