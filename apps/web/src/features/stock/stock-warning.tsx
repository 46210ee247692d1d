import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** What a movement does to the stock, in red above its fields. */
export const STOCK_WARNINGS = {
  import: 'Girdiğiniz miktarlar ilgili depodaki mevcut stoğa eklenir.',
  export: 'Girdiğiniz miktarlar ilgili depodaki mevcut stoktan düşülür.',
  count: 'Sayım miktarları mevcut stokların üzerine yazılır; emin olmadığınız stoklar için giriş yapmayınız.',
} as const;

export function StockWarning({ kind }: { kind: keyof typeof STOCK_WARNINGS }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="stock-warning">
      {STOCK_WARNINGS[kind]}
    </Alert>
  );
}
