import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router'

const INTEGER = /^(0|[1-9]\d{0,14})$/

// Query strings stay plain text (?keyword=matcha, not ?keyword=%22matcha%22): only whole numbers
// become numbers; route schemas turn them back into text where text is expected.
const parseValue = (value: string): unknown => {
  if (INTEGER.test(value)) return Number(value)
  throw new SyntaxError('not a number')
}

export const parseSearch = parseSearchWith(parseValue)
export const stringifySearch = stringifySearchWith(JSON.stringify)
