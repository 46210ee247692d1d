import type { MilkDriver } from '@mandira/contract/milk';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { personColumns } from '../../lib/people/person-columns.ts';

export const MILK_DRIVER_COLUMNS: DataTableColumn<MilkDriver>[] = personColumns<MilkDriver>();
