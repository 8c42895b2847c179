export const round = (n: number): number => Math.round(n);
