import type { Locale } from '../../../contract/constants'
import type { Recipient, RecipientInput } from '../../../contract/recipient'
import type { TaiwanCounty, TaiwanDistrict } from '../../../contract/taiwan-districts'

/**
 * The member's saved recipients as the snack box uses them: the list, saving a new one, and how
 * places are named in the lists. The route hands them over from the checkout feature, so both
 * pages keep one address book and one way of naming counties and districts.
 */
export interface RecipientBook {
  /** undefined while loading */
  list: readonly Recipient[] | undefined
  failed: boolean
  save: (input: RecipientInput) => Promise<unknown>
  countyLabel: (county: TaiwanCounty, locale: Locale) => string
  districtLabel: (district: TaiwanDistrict, locale: Locale) => string
}
