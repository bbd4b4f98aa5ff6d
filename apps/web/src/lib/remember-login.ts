import { STORAGE_KEYS, tokenStorage } from '@/lib/token-storage';

/**
 * 'Remember login info': the email is kept for 30 days, encrypted with AES-GCM under a
 * non-extractable key that lives in this browser's IndexedDB. The password is never written to
 * web storage; it is offered to the browser's own password manager (Credential Management API).
 * See docs/decisions/003-remember-login.md.
 */
const DB = 'suite-remember';
const STORE = 'keys';
const VALID_MS = 30 * 24 * 60 * 60 * 1000;

type TRecord = { email: string; timestamp: number };

function idb<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction(STORE, mode);
      const req = run(tx.objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
      tx.oncomplete = () => open.result.close();
    };
  });
}

async function key(): Promise<CryptoKey> {
  const existing = await idb<CryptoKey | undefined>((s) => s.get('aes'), 'readonly');
  if (existing) return existing;
  const created = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await idb((s) => s.put(created, 'aes'), 'readwrite');
  return created;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function saveRememberedLogin(email: string): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ email, timestamp: Date.now() } satisfies TRecord));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key(), plain));
  tokenStorage.write(STORAGE_KEYS.rememberLogin, JSON.stringify({ iv: b64(iv), data: b64(sealed) }));
  tokenStorage.write(STORAGE_KEYS.rememberPreference, 'true');
}

export function clearRememberedLogin() {
  tokenStorage.write(STORAGE_KEYS.rememberLogin, null);
  tokenStorage.write(STORAGE_KEYS.rememberPreference, null);
}

/** The saved email, or null when there is none, it cannot be read, or it is older than 30 days (then it is deleted). */
export async function loadRememberedLogin(): Promise<TRecord | null> {
  const raw = tokenStorage.read(STORAGE_KEYS.rememberLogin);
  if (!raw) return null;
  try {
    const { iv, data } = JSON.parse(raw) as { iv: string; data: string };
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(iv) }, await key(), unb64(data));
    const record = JSON.parse(new TextDecoder().decode(plain)) as TRecord;
    if (Date.now() - record.timestamp > VALID_MS) {
      clearRememberedLogin();
      return null;
    }
    return record;
  } catch {
    clearRememberedLogin();
    return null;
  }
}

type TPasswordCredentialCtor = new (init: { id: string; password: string; name?: string }) => Credential;

/** Offers the credential to the browser's password manager, where the API exists. */
export async function storeBrowserCredential(email: string, password: string, name?: string): Promise<boolean> {
  const Ctor = (window as unknown as { PasswordCredential?: TPasswordCredentialCtor }).PasswordCredential;
  if (!Ctor || !navigator.credentials) return false;
  try {
    await navigator.credentials.store(new Ctor({ id: email, password, name }));
    return true;
  } catch {
    return false;
  }
}

/** Silently asks the browser's password manager for a saved credential. */
export async function getBrowserCredential(): Promise<{ email: string; password: string } | null> {
  if (!('PasswordCredential' in window) || !navigator.credentials) return null;
  try {
    const cred = (await navigator.credentials.get({ password: true, mediation: 'silent' } as CredentialRequestOptions)) as
      (Credential & { password?: string }) | null;
    return cred?.password ? { email: cred.id, password: cred.password } : null;
  } catch {
    return null;
  }
}
