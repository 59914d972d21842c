import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/**
 * Words offered as searches. A tag searches the word it shows, so that the recent searches show
 * what was clicked; where the catalogue's names use another word, the index's synonyms
 * (`PRODUCT_SYNONYMS`) find them, in every language (decision 43).
 */
export interface HotTagGroup {
  id: string
  title: MessageDescriptor
  tags: MessageDescriptor[]
}

export const HOT_TAG_GROUPS: HotTagGroup[] = [
  { id: 'flavours', title: msg`Popular flavours`, tags: [msg`matcha`, msg`chocolate`] },
  { id: 'sweets', title: msg`Sweets and snacks`, tags: [msg`Japanese sweets`, msg`biscuits`, msg`cake`, msg`daifuku`] },
]
