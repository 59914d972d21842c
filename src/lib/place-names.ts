import type { Locale } from '../../contract/constants'
import type { TaiwanCounty, TaiwanDistrict } from '../../contract/taiwan-districts'

// English readers get the post's English name with the Chinese beside it (what the parcel and the
// courier's list say). Japanese readers read the Chinese names as they are: Japanese writes Taiwan's
// places in the same kanji (大安區 is 大安区, a variant of one character), most townships have no
// established Japanese reading, and a katakana guess would match nothing on the parcel.

/** A county or city in a list: `Taipei City 臺北市` in English, `臺北市` otherwise. */
export const countyLabel = (county: TaiwanCounty, locale: Locale) => (locale === 'en' ? `${county.name_en} ${county.name}` : county.name)

/** A district in a list, after its postal code: `106 Da’an District 大安區` in English, `106 大安區` otherwise. */
export const districtLabel = (district: TaiwanDistrict, locale: Locale) => (locale === 'en' ? `${district.zip} ${district.name_en} ${district.name}` : `${district.zip} ${district.name}`)

/** A recipient's address on one line, as the parcel's label writes it: `106 臺北市大安區復興南路一段 100 號`. */
export const addressLine = (r: { zip_code: string; county: string; district: string; address: string }) => `${r.zip_code} ${r.county}${r.district}${r.address}`
