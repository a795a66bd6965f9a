// Who this browser is: the account token, kept in localStorage; moved by a sign-in link.
const KEY = "scryptic.token";

export interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function savedToken(store: Store): string | null {
  return store.getItem(KEY);
}

export function saveToken(store: Store, token: string | null): void {
  if (token) store.setItem(KEY, token);
  else store.removeItem(KEY);
}

/** A token carried in the address (``#token=...``, the sign-in link), or null. */
export function tokenFromHash(hash: string): string | null {
  const m = /^#token=([A-Za-z0-9_-]{16,64})$/.exec(hash);
  return m ? m[1] : null;
}

/** The link that signs another device in as this account. */
export function signInLink(origin: string, token: string): string {
  return `${origin}/#token=${token}`;
}
