import { useEffect, useState } from 'react';
import { Checkbox } from '~/components/ui/checkbox';
import { analyticsOptedOut, setAnalyticsOptOut } from '~/lib/analytics-recorder';

/**
 * Settings: share anonymous usage statistics (page views and taps, with a random session id, never
 * who you are). Kept in this browser. Under the browser's Do Not Track nothing is shared, whatever the switch says.
 */
export function AnalyticsSwitch() {
  const [state, setState] = useState<{ sharing: boolean; doNotTrack: boolean } | null>(null);
  useEffect(() => setState({ sharing: !analyticsOptedOut(), doNotTrack: navigator.doNotTrack === '1' }), []);
  if (!state) return null;
  return (
    <div className="p-4">
      <Checkbox
        label="Share anonymous usage statistics (pages visited and buttons used) to help us improve Tribe"
        checked={state.sharing && !state.doNotTrack}
        disabled={state.doNotTrack}
        onChange={(change) => {
          setAnalyticsOptOut(!change.currentTarget.checked);
          setState({ ...state, sharing: change.currentTarget.checked });
        }}
      />
      {state.doNotTrack ? (
        <p className="mt-2 pl-8 text-sm text-slate-500">Your browser asks not to be tracked, so nothing is shared.</p>
      ) : null}
    </div>
  );
}
