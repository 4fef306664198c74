import { useState, type FormEvent } from 'react';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * The submit of a sign-in sheet: what was typed is checked first (its rule's message, nothing sent),
 * then `act` runs, answering the message to show or null; the button is busy meanwhile.
 */
export function useCheckedSubmit<T>(check: () => Checked<T>, act: (value: T) => Promise<string | null>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check();
    if (!checked.ok) return setError(checked.error);
    setError(null);
    setBusy(true);
    try {
      setError(await act(checked.value));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, onSubmit: (event: FormEvent) => void onSubmit(event) };
}
