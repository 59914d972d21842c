const KEY = 'auth_redirect'

/** The page to return to survives the trip to the provider in this tab's session storage. */
export function rememberSocialRedirect(path: string | undefined): void {
  try {
    if (path) sessionStorage.setItem(KEY, path)
    else sessionStorage.removeItem(KEY)
  } catch {
    // storage refused: the member lands on the home page instead
  }
}

export function takeSocialRedirect(): string | undefined {
  try {
    const path = sessionStorage.getItem(KEY) ?? undefined
    sessionStorage.removeItem(KEY)
    return path
  } catch {
    return undefined
  }
}
