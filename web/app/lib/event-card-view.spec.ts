import type { EventView } from '../../../api/src/contracts/event/event-view.js';
import { toEventCard } from './event-card-view';
import { isDateToBeDecided } from './format-event';

const host: EventView['host'] = {
  id: 'host-1',
  name: 'Arjun Malhotra',
  avatar_url: 'https://cdn.example.in/avatars/arjun.jpg',
  avatar_thumbnail_url: 'https://cdn.example.in/avatars/arjun-160.webp',
  rating: 4.5,
  rating_count: 12,
  instagram_handle: 'arjun',
  verified: true,
};

/** An event as the API sends it, with what a card does not show filled in too. */
const event = (fields: Partial<EventView> = {}): EventView =>
  ({
    id: 'event-1',
    title: 'Rooftop jam',
    description: 'Bring an instrument, or just your voice.',
    date: '2030-03-01T14:00:00.000Z',
    end_date: null,
    location: 'Carter Road, Bandra West',
    city: 'Mumbai',
    latitude: 19.06,
    longitude: 72.82,
    host_id: host.id,
    category: 'music',
    category_label: 'Music',
    images: ['https://cdn.example.in/e/1.jpg', 'https://cdn.example.in/e/2.jpg'],
    responsive_images: [],
    min_bid: 1500,
    male_price: null,
    female_price: null,
    pricing_type: 'standard',
    status: 'active',
    host,
    age_groups: ['18-30'],
    custom_age_range: null,
    meetup_type: 'confirmed',
    is_date_to_be_decided: false,
    ...fields,
  }) as EventView;

describe('the card shape of an event', () => {
  it('keeps what a card shows, worded, and leaves the rest of the event behind', () => {
    expect(toEventCard(event())).toEqual({
      id: 'event-1',
      title: 'Rooftop jam',
      date: '2030-03-01T14:00:00.000Z',
      image: 'https://cdn.example.in/e/1.jpg',
      category: 'Music',
      price: '₹1,500',
      place: 'Carter Road, Bandra West',
      ages: '18-30',
      host: {
        id: 'host-1',
        name: 'Arjun Malhotra',
        avatar: 'https://cdn.example.in/avatars/arjun-160.webp',
        rating: 4.5,
        rating_count: 12,
        verified: true,
      },
    });
  });

  it('leaves the host’s id out of a guest’s card, whose rating links nowhere, and keeps the rest', () => {
    const signedIn = toEventCard(event());
    const guest = toEventCard(event(), { guest: true });
    expect(guest.host).not.toHaveProperty('id');
    expect(guest).toEqual({ ...signedIn, host: { ...signedIn.host, id: undefined } });
  });

  it('carries the first photo’s srcset only when variants of it exist', () => {
    const card = toEventCard(
      event({
        responsive_images: [
          {
            url: 'https://cdn.example.in/e/1.jpg',
            variants: [
              { width: 320, height: 200, url: 'https://cdn.example.in/e/1-320.webp' },
              { width: 640, height: 400, url: 'https://cdn.example.in/e/1-640.webp' },
            ],
          },
        ],
      }),
    );
    expect(card.srcSet).toBe('https://cdn.example.in/e/1-320.webp 320w, https://cdn.example.in/e/1-640.webp 640w');
    expect(toEventCard(event({ images: [] }))).toMatchObject({ image: null });
    expect(toEventCard(event({ images: [] }))).not.toHaveProperty('srcSet');
  });

  it('says a date to be decided (by its placeholder date), a cancellation, and a host without a thumbnail or a rating', () => {
    const card = toEventCard(
      event({
        date: '2099-12-31T23:59:59.000Z',
        is_date_to_be_decided: true,
        status: 'cancelled',
        host: { ...host, avatar_thumbnail_url: null, rating: null, rating_count: 0, verified: false },
      }),
    );
    expect(isDateToBeDecided(card)).toBe(true);
    expect(card.cancelled).toBe(true);
    expect(card.host).toMatchObject({ avatar: 'https://cdn.example.in/avatars/arjun.jpg', rating: null });
    expect(card.host).not.toHaveProperty('verified');
    expect(isDateToBeDecided(toEventCard(event()))).toBe(false);
  });
});
