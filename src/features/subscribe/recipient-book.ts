// The member's saved recipients reach the snack box through its routes, read by src/lib/recipient-book.ts
// as checkout and the address book read them.
export type { RecipientBook } from '../../lib/recipient-book'
