import { useEffect, useRef } from 'react';

/**
 * After a submission comes back with errors, keyboard and screen-reader users are taken to the
 * problem: the first field marked aria-invalid, else the form's error message. `result` is the
 * route's action data; each new submission is a new object, so the move happens once per answer.
 * Returns the ref to put on the <Form>.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>(result: unknown, hasErrors: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const container = ref.current;
    if (!result || !hasErrors || !container) return;
    const target = container.querySelector<HTMLElement>('[aria-invalid="true"]') ?? container.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    if (!target.matches('input, select, textarea, button, a[href]') && !target.hasAttribute('tabindex')) {
      target.setAttribute('tabindex', '-1');
    }
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center' });
  }, [result, hasErrors]);
  return ref;
}
