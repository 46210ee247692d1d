import type { ProductItem } from '@mandira/contract/products';
import { Text } from '@mantine/core';
import { formatPieces } from './stock-format.ts';
import classes from './warehouse-stock-list.module.css';

/**
 * An item's stock per warehouse as a compact list of 'name : pieces' entries, in as many columns as
 * the cell has room for: every figure whole, however many warehouses; a name too long for its
 * column is cut, whole on hover.
 */
export function WarehouseStockList({ item }: { item: ProductItem }) {
  return (
    <ul className={classes.list} aria-label={`${item.name} depo stokları`}>
      {item.stocks.map((line) => (
        <li key={line.id} className={classes.entry}>
          <Text
            component="span"
            fz="sm"
            c="dimmed"
            truncate="end"
            title={line.wareHouse.label}
            className={classes.label}
          >
            {line.wareHouse.label} :
          </Text>
          <Text component="span" fz="sm" fw={600} className={classes.pieces}>
            {' '}
            {formatPieces(line.quantity)}
          </Text>
        </li>
      ))}
    </ul>
  );
}
