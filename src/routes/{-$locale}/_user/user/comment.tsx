import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { productQueryOptions } from '@/features/catalogue/api/get-product'
import { MemberReviews } from '@/features/reviews/components/member-reviews'
import { PendingReviews } from '@/features/reviews/components/pending-reviews'
import { ReviewHistory } from '@/features/reviews/components/review-history'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { optionalSearchChoice, optionalSearchInt } from '@/lib/search-params'
import { PageLinks } from '@/app/page-links'
import { routeHead } from '@/lib/page-head'

// a hand-typed or stale address falls back to the items to review and the first page
const ReviewsSearchSchema = v.object({
  tab: optionalSearchChoice(['history']),
  page: optionalSearchInt(),
})

/** The member area's reviews (spec: section comment, issue 12): items to review and the member's reviews. */
export const Route = createFileRoute('/{-$locale}/_user/user/comment')({
  validateSearch: ReviewsSearchSchema,
  head: routeHead(({ t }) => ({ title: t(msg`Reviews`) })),
  component: ReviewsPage,
})

function ReviewsPage() {
  const { t } = useLingui()
  const search = Route.useSearch()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const queryClient = useQueryClient()
  const tab = search.tab === 'history' ? 'history' : 'pending'
  // the product's rating and review count change with the review
  const onReviewed = (productId: number) => void queryClient.invalidateQueries({ queryKey: productQueryOptions(locale, productId).queryKey })

  return (
    <MemberReviews
      tab={tab}
      renderTab={(target, content, attrs) => (
        <Link from={Route.fullPath} search={{ tab: target === 'history' ? 'history' : undefined }} {...attrs}>
          {content}
        </Link>
      )}
    >
      {tab === 'pending' ? (
        <PendingReviews
          onReviewed={onReviewed}
          emptyAction={
            <Link to="/{-$locale}/user/order" params={{ locale: prefix }} search={{ tab: 'history' }} className="button button-secondary">
              {t`My orders`}
            </Link>
          }
        />
      ) : (
        <ReviewHistory
          page={search.page ?? 1}
          onReviewed={onReviewed}
          renderPagination={(current, last) => (
            <PageLinks from="/{-$locale}/user/comment" page={current} lastPage={last} />
          )}
        />
      )}
    </MemberReviews>
  )
}
