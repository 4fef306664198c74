/** The people and events of the demo. Names, places and prices are made up but believable. */

export interface DemoPerson {
  key: string;
  name: string;
  gender: 'male' | 'female';
  age: number;
  city: string;
  bio: string;
  instagram?: string;
  interests: string[];
  work?: string;
}

export const DEMO_PASSWORD = 'tribe-demo-2026';
export const DEMO_EMAIL_DOMAIN = 'demo.tribe.example';

export const HOSTS: DemoPerson[] = [
  { key: 'ananya', name: 'Ananya Rao', gender: 'female', age: 28, city: 'Bengaluru', bio: 'Weekend trekker and café hopper. I host small groups that actually talk to each other.', instagram: 'ananya.outdoors', interests: ['travel', 'food', 'fitness'], work: 'Product designer' },
  { key: 'kabir', name: 'Kabir Mehta', gender: 'male', age: 31, city: 'Mumbai', bio: 'Bandra pub crawls, vinyl nights and the occasional karaoke disaster.', instagram: 'kabir.after.dark', interests: ['music', 'pubcrawl', 'goingout'], work: 'Music producer' },
  { key: 'meera', name: 'Meera Iyer', gender: 'female', age: 35, city: 'Chennai', bio: 'Carnatic vocalist, filter-coffee evangelist, host of slow Sunday mornings.', instagram: 'meera.sings', interests: ['music', 'arts', 'learning'], work: 'Musician' },
  { key: 'arjun', name: 'Arjun Singh', gender: 'male', age: 29, city: 'Delhi', bio: 'Board-game collector (412 and counting). Game nights every Friday in Hauz Khas.', instagram: 'arjun.rolls.dice', interests: ['gamenights', 'tech'], work: 'Software engineer' },
  { key: 'zoya', name: 'Zoya Khan', gender: 'female', age: 26, city: 'Hyderabad', bio: 'Biryani trails, old-city walks and the best haleem spots in town.', instagram: 'zoya.eats.hyd', interests: ['food', 'travel'], work: 'Food writer' },
  { key: 'rohan', name: 'Rohan Desai', gender: 'male', age: 33, city: 'Pune', bio: 'Ultra runner and yoga teacher. Sunrise runs up Sinhagad, then breakfast.', instagram: 'rohan.runs', interests: ['fitness', 'sports'], work: 'Coach' },
  { key: 'tara', name: 'Tara Fernandes', gender: 'female', age: 30, city: 'Goa', bio: 'Beach clean-ups by day, sundowner sessions by night.', instagram: 'tara.in.goa', interests: ['houseparty', 'music', 'travel'], work: 'Event curator' },
  { key: 'vikram', name: 'Vikram Nair', gender: 'male', age: 38, city: 'Kolkata', bio: 'Street photographer and heritage-walk guide. Kolkata is best on foot.', instagram: 'vikram.frames', interests: ['arts', 'learning', 'travel'], work: 'Photographer' },
];

export const FANS: DemoPerson[] = [
  { key: 'priya', name: 'Priya Sharma', gender: 'female', age: 24, city: 'Bengaluru', bio: 'New in town, looking for my people.', interests: ['food', 'music'] },
  { key: 'aditya', name: 'Aditya Kulkarni', gender: 'male', age: 27, city: 'Pune', bio: 'Runner, reader, reluctant dancer.', interests: ['fitness', 'learning'] },
  { key: 'sneha', name: 'Sneha Reddy', gender: 'female', age: 32, city: 'Hyderabad', bio: 'Will travel for good food.', interests: ['food', 'travel'] },
  { key: 'rahul', name: 'Rahul Verma', gender: 'male', age: 29, city: 'Delhi', bio: 'Catan champion of my building.', interests: ['gamenights', 'tech'] },
  { key: 'isha', name: 'Isha Patel', gender: 'female', age: 22, city: 'Mumbai', bio: 'Live music every weekend.', interests: ['music', 'goingout'] },
  { key: 'nikhil', name: 'Nikhil Joshi', gender: 'male', age: 41, city: 'Jaipur', bio: 'Heritage buff and amateur historian.', interests: ['arts', 'travel'] },
  { key: 'farah', name: 'Farah Ali', gender: 'female', age: 35, city: 'Kolkata', bio: 'Photographer in training.', interests: ['arts'] },
  { key: 'dev', name: 'Dev Malhotra', gender: 'male', age: 52, city: 'Chennai', bio: 'Retired banker, full-time explorer.', interests: ['travel', 'learning'] },
];

export interface DemoEvent {
  host: string;
  title: string;
  category: string;
  city: string;
  venue: string;
  daysFromNow: number | 'tbd';
  hours: number;
  description: string;
  price?: number;
  genderPrices?: [number, number];
  meetupType?: 'confirmed' | 'curation' | 'plan_together';
  ageGroups?: string[];
  customAge?: [number, number];
  capacity: number;
  bidding?: boolean;
  eventType?: string;
}

export const EVENTS: DemoEvent[] = [
  { host: 'kabir', title: 'Bandra Bar Trail: Five Bars, One Night', category: 'pubcrawl', city: 'Mumbai', venue: 'Hill Road, Bandra West', daysFromNow: 4, hours: 5, price: 1800, ageGroups: ['18-30', '31-40'], capacity: 20, description: 'Five of Bandra\'s best small bars with a drink at each, walking between them. Meet at the Hill Road signal at 8 pm.' },
  { host: 'kabir', title: 'Vinyl & Chill Listening Session', category: 'music', city: 'Mumbai', venue: 'Khar West studio', daysFromNow: 11, hours: 3, price: 900, ageGroups: ['open'], capacity: 15, description: 'Bring a record, play one track, tell us why it matters. Snacks and a proper sound system.' },
  { host: 'kabir', title: 'Karaoke Night at Lower Parel', category: 'goingout', city: 'Mumbai', venue: 'Kamala Mills', daysFromNow: 18, hours: 4, genderPrices: [1500, 1200], ageGroups: ['18-30'], capacity: 30, bidding: true, description: 'Private karaoke room, unlimited songs, no judgement. Duets encouraged.' },
  { host: 'kabir', title: 'Monsoon Rooftop Jam', category: 'music', city: 'Mumbai', venue: 'Colaba rooftop', daysFromNow: -20, hours: 4, price: 1200, capacity: 25, description: 'Acoustic sets as the rain comes in.' },
  { host: 'ananya', title: 'Sunrise Trek to Skandagiri', category: 'travel', city: 'Bengaluru', venue: 'Skandagiri base, Chikkaballapur', daysFromNow: 6, hours: 8, price: 1500, ageGroups: ['18-30', '31-40'], capacity: 18, description: 'Night drive out of the city, a 3 km climb in the dark and a sunrise above the clouds. Transport and breakfast included.' },
  { host: 'ananya', title: 'Indiranagar Café Crawl', category: 'food', city: 'Bengaluru', venue: '12th Main, Indiranagar', daysFromNow: 9, hours: 3, price: 700, ageGroups: ['open'], capacity: 12, description: 'Four cafés, four signature plates, one very full afternoon.' },
  { host: 'ananya', title: 'Nandi Hills Cycling Morning', category: 'fitness', city: 'Bengaluru', venue: 'Nandi Hills foothills', daysFromNow: 15, hours: 5, price: 2200, customAge: [21, 45], capacity: 14, description: 'Guided climb with support vehicle. Bikes available on request.' },
  { host: 'ananya', title: 'Coorg Weekend Getaway', category: 'travel', city: 'Bengaluru', venue: 'Madikeri, Coorg', daysFromNow: 'tbd', hours: 48, meetupType: 'curation', ageGroups: ['18-30', '31-40'], capacity: 10, description: 'Coffee estates, waterfalls and a homestay. Dates fixed once ten people are in.' },
  { host: 'ananya', title: 'Full Moon Picnic at Cubbon Park', category: 'others', city: 'Bengaluru', venue: 'Cubbon Park bandstand', daysFromNow: 21, hours: 3, meetupType: 'plan_together', capacity: 40, description: 'Bring a dish to share; we bring the mats and the playlist.' },
  { host: 'meera', title: 'Carnatic Music Appreciation Evening', category: 'music', city: 'Chennai', venue: 'Mylapore', daysFromNow: 8, hours: 3, price: 500, ageGroups: ['open'], capacity: 30, description: 'A gentle introduction to ragas with a live vocalist and mridangam.' },
  { host: 'meera', title: 'Kolam Workshop for Beginners', category: 'arts', city: 'Chennai', venue: 'Besant Nagar', daysFromNow: 13, hours: 2, price: 400, ageGroups: ['open'], capacity: 20, description: 'Learn the grid, the dots and the lines. Rice flour provided.' },
  { host: 'meera', title: 'Marina Sunrise Walk and Filter Coffee', category: 'fitness', city: 'Chennai', venue: 'Marina Beach lighthouse', daysFromNow: 3, hours: 2, price: 200, ageGroups: ['31-40', '41-50', '50+'], capacity: 25, description: '5 km along the sand, then coffee and podis at a 70-year-old tiffin room.' },
  { host: 'meera', title: 'Temple Architecture Tour', category: 'learning', city: 'Chennai', venue: 'Kapaleeshwarar Temple', daysFromNow: -35, hours: 3, price: 600, capacity: 20, description: 'Dravidian architecture explained on site.' },
  { host: 'arjun', title: 'Friday Board Game Night', category: 'gamenights', city: 'Delhi', venue: 'Hauz Khas Village', daysFromNow: 2, hours: 4, price: 600, ageGroups: ['18-30', '31-40'], capacity: 24, description: 'From Codenames to Terraforming Mars. Teachers at every table, snacks on the house.' },
  { host: 'arjun', title: 'Delhi Tech MeetUp: Building with LLMs', category: 'tech', city: 'Delhi', venue: 'Connaught Place co-working', daysFromNow: 10, hours: 3, meetupType: 'plan_together', ageGroups: ['open'], capacity: 60, eventType: 'in-person', description: 'Three short talks and an open demo hour. Laptops welcome.' },
  { host: 'arjun', title: 'Murder Mystery Dinner', category: 'gamenights', city: 'Delhi', venue: 'Shahpur Jat', daysFromNow: 16, hours: 4, genderPrices: [2000, 1800], ageGroups: ['18-30', '31-40'], capacity: 16, bidding: true, description: 'A 1920s Delhi mansion, a missing heir and eight suspects. Costumes encouraged.' },
  { host: 'arjun', title: 'Chess in the Park', category: 'sports', city: 'Delhi', venue: 'Lodhi Garden', daysFromNow: 5, hours: 3, meetupType: 'plan_together', ageGroups: ['open'], capacity: 30, description: 'Boards, clocks and chai. All levels.' },
  { host: 'zoya', title: 'Old City Biryani Trail', category: 'food', city: 'Hyderabad', venue: 'Charminar', daysFromNow: 7, hours: 4, price: 1100, ageGroups: ['open'], capacity: 15, description: 'Four legendary biryani houses, one walk, plenty of Irani chai in between.' },
  { host: 'zoya', title: 'Ramzan Night Food Walk', category: 'food', city: 'Hyderabad', venue: 'Mozamjahi Market', daysFromNow: 25, hours: 4, price: 1300, customAge: [20, 50], capacity: 18, description: 'Haleem, pathar ka gosht and the sweets of the night markets.' },
  { host: 'zoya', title: 'Golconda Fort Sunset Hike', category: 'travel', city: 'Hyderabad', venue: 'Golconda Fort', daysFromNow: 12, hours: 3, price: 500, ageGroups: ['18-30', '31-40', '41-50'], capacity: 25, description: 'Climb to the Bala Hisar at golden hour, then the light show.' },
  { host: 'zoya', title: 'Deccani Cooking Class', category: 'learning', city: 'Hyderabad', venue: 'Banjara Hills home kitchen', daysFromNow: -12, hours: 3, price: 1500, capacity: 8, description: 'Cook and eat a Deccani thali.' },
  { host: 'rohan', title: 'Sinhagad Sunrise Run', category: 'fitness', city: 'Pune', venue: 'Sinhagad base village', daysFromNow: 5, hours: 4, price: 300, ageGroups: ['18-30', '31-40', '41-50'], capacity: 30, description: '8 km uphill, pithla bhakri at the top. Pace groups for everyone.' },
  { host: 'rohan', title: 'Sunday Football Five-a-side', category: 'sports', city: 'Pune', venue: 'Koregaon Park turf', daysFromNow: 3, hours: 2, genderPrices: [350, 300], ageGroups: ['18-30', '31-40'], capacity: 20, description: 'Mixed teams, rolling subs, friendly but competitive.' },
  { host: 'rohan', title: 'Yoga by the Lake', category: 'fitness', city: 'Pune', venue: 'Pashan Lake', daysFromNow: 9, hours: 2, price: 250, ageGroups: ['open'], capacity: 35, description: 'Hatha flow for all levels, mats provided.' },
  { host: 'rohan', title: 'Pune Half Marathon Prep Camp', category: 'sports', city: 'Pune', venue: 'Empress Garden', daysFromNow: 30, hours: 3, price: 2500, customAge: [18, 55], capacity: 40, bidding: true, description: 'Six weeks of coached long runs, starting here.' },
  { host: 'tara', title: 'Sundowner House Party in Assagao', category: 'houseparty', city: 'Goa', venue: 'Assagao villa', daysFromNow: 6, hours: 6, genderPrices: [2500, 2000], ageGroups: ['18-30', '31-40'], capacity: 40, bidding: true, description: 'A villa, a pool, a DJ and the best sunset in North Goa.' },
  { host: 'tara', title: 'Morjim Beach Clean-up and Breakfast', category: 'others', city: 'Goa', venue: 'Morjim Beach', daysFromNow: 2, hours: 3, meetupType: 'plan_together', ageGroups: ['open'], capacity: 50, description: 'Two hours of clean-up, then a big breakfast at a beach shack.' },
  { host: 'tara', title: 'Fontainhas Art Walk', category: 'arts', city: 'Goa', venue: 'Fontainhas, Panaji', daysFromNow: 14, hours: 3, price: 800, ageGroups: ['open'], capacity: 15, description: 'Portuguese-era lanes, painted houses and two working studios.' },
  { host: 'tara', title: 'Dudhsagar Monsoon Trek', category: 'travel', city: 'Goa', venue: 'Kulem station', daysFromNow: 'tbd', hours: 10, meetupType: 'curation', ageGroups: ['18-30', '31-40'], capacity: 12, description: 'We go once the trail opens after the rains.' },
  { host: 'vikram', title: 'North Kolkata Heritage Photo Walk', category: 'arts', city: 'Kolkata', venue: 'Kumartuli', daysFromNow: 4, hours: 4, price: 700, ageGroups: ['open'], capacity: 15, description: 'The idol-makers\' lanes of Kumartuli with a photographer who grew up there.' },
  { host: 'vikram', title: 'Park Street Jazz Night', category: 'goingout', city: 'Kolkata', venue: 'Park Street', daysFromNow: 10, hours: 4, price: 1500, ageGroups: ['31-40', '41-50', '50+'], capacity: 30, description: 'The street that gave India its jazz age, and a band that still plays it.' },
  { host: 'vikram', title: 'Street Food of College Street', category: 'food', city: 'Kolkata', venue: 'College Street', daysFromNow: 17, hours: 3, price: 600, ageGroups: ['open'], capacity: 15, description: 'Books, kabiraji cutlets and the Indian Coffee House.' },
  { host: 'vikram', title: 'Photography Basics Workshop', category: 'learning', city: 'Kolkata', venue: 'Salt Lake studio', daysFromNow: 22, hours: 3, price: 1000, customAge: [18, 60], capacity: 12, description: 'Exposure, light and composition with your phone or camera.' },
  { host: 'arjun', title: 'Jaipur Pink City Weekend', category: 'travel', city: 'Jaipur', venue: 'Hawa Mahal', daysFromNow: 26, hours: 48, price: 7500, ageGroups: ['18-30', '31-40', '41-50'], capacity: 14, description: 'Forts, bazaars and a rooftop dinner facing Nahargarh.' },
  { host: 'kabir', title: 'Bollywood Retro Dance Night', category: 'goingout', city: 'Mumbai', venue: 'Andheri West', daysFromNow: 24, hours: 4, price: 1000, ageGroups: ['open'], capacity: 80, description: 'Only songs from before 2000. Dress the part.' },
];
