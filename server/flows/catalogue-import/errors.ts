/** A catalogue file that cannot be imported; every problem names the record and the field. */
export class CatalogueFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalogue file was refused (nothing was imported):\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'CatalogueFileError'
  }
}
