import type { DataTableColumn } from '../data-table/column.ts';
import { formatDate } from '../format/format.ts';

type Person = {
  name: string;
  surname: string;
  gender: string | null;
  /** 'YYYY-MM-DD' */
  dateOfBirth: string | null;
  phone: string;
  tckn: string | null;
};

// 'YYYY-MM-DD' sorts as it is; noon keeps the calendar day whatever the zone.
const birthDay = (person: Person) =>
  person.dateOfBirth ? formatDate(`${person.dateOfBirth}T12:00:00Z`) : '';

/** Ad, Soyad, Cinsiyet, Doğum Tarihi, Telefon and TC Kimlik No: the first columns of a driver list. */
export function personColumns<T extends Person>(): DataTableColumn<T>[] {
  return [
    { id: 'name', header: 'Ad', value: (person) => person.name },
    { id: 'surname', header: 'Soyad', value: (person) => person.surname },
    { id: 'gender', header: 'Cinsiyet', value: (person) => person.gender },
    {
      id: 'dateOfBirth',
      header: 'Doğum Tarihi',
      value: (person) => person.dateOfBirth,
      render: birthDay,
      exportValue: (person) => birthDay(person) || null,
      noWrap: true,
    },
    { id: 'phone', header: 'Telefon', value: (person) => person.phone, noWrap: true },
    { id: 'tckn', header: 'TC Kimlik No', value: (person) => person.tckn, noWrap: true },
  ];
}
