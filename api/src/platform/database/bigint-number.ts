/**
 * A bigint column as a JavaScript number: PostgreSQL's bigint arrives as a string. For counts and
 * sizes that stay far below 2^53 (file sizes, chat seqs).
 */
export const bigintAsNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
