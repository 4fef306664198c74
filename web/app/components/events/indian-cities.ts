/** Cities offered by the city filter (SPEC §2 /city-filter): India's larger cities and popular getaways. */
export const INDIAN_CITIES: readonly string[] = [
  'Mumbai',
  'Delhi',
  'Bengaluru',
  'Hyderabad',
  'Chennai',
  'Kolkata',
  'Pune',
  'Ahmedabad',
  'Jaipur',
  'Gurugram',
  'Noida',
  'Chandigarh',
  'Goa',
  'Kochi',
  'Lucknow',
  'Indore',
  'Bhopal',
  'Surat',
  'Vadodara',
  'Nagpur',
  'Nashik',
  'Visakhapatnam',
  'Coimbatore',
  'Mysuru',
  'Mangaluru',
  'Thiruvananthapuram',
  'Madurai',
  'Bhubaneswar',
  'Guwahati',
  'Patna',
  'Ranchi',
  'Raipur',
  'Dehradun',
  'Rishikesh',
  'Shimla',
  'Manali',
  'Amritsar',
  'Ludhiana',
  'Udaipur',
  'Jodhpur',
  'Varanasi',
  'Agra',
  'Kanpur',
  'Pondicherry',
  'Ooty',
  'Shillong',
  'Srinagar',
  'Leh',
];

/** Cities whose name contains the search text (case and accents ignored), in list order. */
export function searchCities(query: string, cities: readonly string[] = INDIAN_CITIES): string[] {
  const needle = fold(query.trim());
  if (!needle) return [...cities];
  return cities.filter((city) => fold(city).includes(needle));
}

function fold(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
