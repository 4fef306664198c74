import { initialsOf } from '~/lib/text';
import type { RoomView } from '../../../../api/src/contracts/chat.contract.js';

/** A room's picture: its event's image, or the event name's initials on the brand colour. */
export function RoomImage({ room, size }: { room: Pick<RoomView, 'name' | 'eventImage'>; size: number }) {
  if (room.eventImage) {
    return (
      <img
        src={room.eventImage}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        className="shrink-0 rounded-2xl bg-slate-100 object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-2xl bg-brand-100 font-semibold text-brand-700"
      style={{ width: size, height: size, fontSize: Math.max(12, size * 0.34) }}
    >
      {initialsOf(room.name)}
    </span>
  );
}
