import type { Locale } from '../../contract/constants'
import type { TaiwanCounty, TaiwanDistrict } from '../../contract/taiwan-districts'

// English readers get the post's English name with the Chinese beside it (what the parcel and the
// courier's list say); Japanese readers read the Chinese names as they are (same kanji, no
// established readings). The same rule as checkout's lists (features/checkout/components/place-names.ts).

/** A county or city in a list: `Taipei City 臺北市` in English, `臺北市` otherwise. */
export const countyLabel = (county: TaiwanCounty, locale: Locale) => (locale === 'en' ? `${county.name_en} ${county.name}` : county.name)

/** A district in a list, after its postal code: `106 Da’an District 大安區` in English, `106 大安區` otherwise. */
export const districtLabel = (district: TaiwanDistrict, locale: Locale) => (locale === 'en' ? `${district.zip} ${district.name_en} ${district.name}` : `${district.zip} ${district.name}`)
