/**
 * Browser storage used by the shell: scroll memory lives in sessionStorage (per tab, gone when the
 * tab closes); recently viewed events in localStorage. Both are cleared at logout. Returns null on
 * the server or where storage is blocked.
 */
export function scrollMemoryStore(): Storage | null {
  return storageOf('sessionStorage');
}

export function persistentStore(): Storage | null {
  return storageOf('localStorage');
}

function storageOf(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** A 10 ms vibration on tab taps, where the device supports it (SPEC §9). */
export function tapVibration(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate(10);
    } catch {
      // some browsers throw when vibration is blocked; it is only a nicety
    }
  }
}
