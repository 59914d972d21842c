import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

export interface HotTag {
  label: MessageDescriptor
  /** what the tag searches, in the display language: a word the catalogue's names use */
  query: MessageDescriptor
}

export interface HotTagGroup {
  id: string
  title: MessageDescriptor
  tags: HotTag[]
}

const same = (label: MessageDescriptor): HotTag => ({ label, query: label })

export const HOT_TAG_GROUPS: HotTagGroup[] = [
  { id: 'flavours', title: msg`Popular flavours`, tags: [same(msg`matcha`), same(msg`chocolate`)] },
  {
    id: 'sweets',
    title: msg`Sweets and snacks`,
    tags: [
      { label: msg`Japanese sweets`, query: msg({ message: 'sweets', context: 'search keyword of the Japanese sweets tag' }) },
      { label: msg`biscuits`, query: msg({ message: 'cookies', context: 'search keyword of the biscuits tag' }) },
      same(msg`cake`),
      { label: msg`daifuku`, query: msg({ message: 'mochi', context: 'search keyword of the daifuku tag' }) },
    ],
  },
]
