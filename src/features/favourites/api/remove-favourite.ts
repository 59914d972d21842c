import type { Locale } from '../../../../contract/constants'
import { apiDelete } from '@/lib/api-client'

/** Removes a product from the member's favourites (removing a removed one is not an error). */
export const removeFavourite = (productId: number, locale: Locale): Promise<boolean> => apiDelete<{ data: boolean }>(`/product_wishlist/${productId}`, { locale }).then((r) => r.data)
