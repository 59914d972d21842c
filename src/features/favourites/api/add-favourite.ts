import type { Locale } from '../../../../contract/constants'
import { apiPost } from '@/lib/api-client'

/** Adds a product to the member's favourites (adding twice keeps one). */
export const addFavourite = (productId: number, locale: Locale): Promise<boolean> => apiPost<{ data: boolean }>(`/product_wishlist/${productId}`, undefined, { locale }).then((r) => r.data)
