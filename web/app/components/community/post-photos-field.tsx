import { PhotoUploader } from '~/components/events/media-uploader';
import { CommunityLimits } from '../../../../api/src/contracts/community.contract.js';

/**
 * A post's photos, up to 10, uploaded as they are picked (with progress) and sent as `photos` in
 * the order shown, the first the cover. Picking them needs JavaScript.
 */
export function PostPhotosField({
  initial,
  hydrated,
  onBusyChange,
}: {
  initial: string[];
  hydrated: boolean;
  onBusyChange: (busy: boolean) => void;
}) {
  return (
    <PhotoUploader
      initial={initial}
      max={CommunityLimits.maxPhotos}
      hydrated={hydrated}
      onBusyChange={onBusyChange}
      fieldName="photos"
      fileFieldName={null}
      inputLabel="Add photos to your post"
      firstBadge="Cover"
    />
  );
}
