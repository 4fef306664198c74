import { useCallback } from 'react';
import { useHydrated } from '~/components/events/event-bits';
import { PhotoUploader } from '~/components/events/media-uploader';
import { MAX_PROFILE_PHOTOS } from '~/lib/profile';

/**
 * Profile photos, uploaded in parallel as they are picked, each with its progress. They travel as
 * `photos` in the order shown: the first is the avatar, the rest the gallery (SPEC §4). Picking
 * photos needs JavaScript; the rest of a profile form does not.
 */
export function ProfilePhotosField({
  initial,
  error,
  onBusyChange,
}: {
  initial: string[];
  error?: string | null;
  onBusyChange: (busy: boolean) => void;
}) {
  const hydrated = useHydrated();
  const onBusy = useCallback((busy: boolean) => onBusyChange(busy), [onBusyChange]);
  return (
    <fieldset className="space-y-2">
      <legend className="block text-sm font-medium text-slate-700">Photos</legend>
      <p className="text-xs text-slate-500">Your first photo is your profile picture; the others show in your gallery.</p>
      <PhotoUploader
        initial={initial}
        max={MAX_PROFILE_PHOTOS}
        hydrated={hydrated}
        error={error}
        onBusyChange={onBusy}
        fieldName="photos"
        fileFieldName={null}
        inputLabel="Profile photos"
        firstBadge="Avatar"
      />
      {hydrated ? null : <p className="text-xs text-slate-500">Turn on JavaScript to add photos.</p>}
    </fieldset>
  );
}
