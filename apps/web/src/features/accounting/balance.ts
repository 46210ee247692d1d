/**
 * What a balance (orders − payments − refunds) means for the buyer: above 0 the buyer owes, below 0
 * the company owes the buyer (a credit, 'Alacaklı'), shown as a positive amount with that word.
 */
export type BalanceStanding = {
  word: 'Borçlu' | 'Alacaklı' | 'Borcu yok';
  amount: number;
  color: 'red' | 'teal' | 'gray';
};

export function balanceStanding(balance: number): BalanceStanding {
  if (balance > 0) return { word: 'Borçlu', amount: balance, color: 'red' };
  if (balance < 0) return { word: 'Alacaklı', amount: -balance, color: 'teal' };
  return { word: 'Borcu yok', amount: 0, color: 'gray' };
}
