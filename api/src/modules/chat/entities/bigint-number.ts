/** PostgreSQL bigint arrives as a string; chat seqs stay far below 2^53, so they map to numbers. */
export const bigintAsNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
