import { useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';

/**
 * A thin bar along the top while the next page loads (pages are rendered from server data, so a
 * tap on a slow network would otherwise look ignored). It appears only after 200 ms, so quick
 * navigations do not flicker.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), 200);
    return () => window.clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-brand-100"
      aria-hidden="true"
      data-testid="navigation-progress"
    >
      <div className="h-full w-1/3 animate-nav-progress bg-brand-600" />
    </div>
  );
}
