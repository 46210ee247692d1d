import { type SQL, sql } from 'drizzle-orm';

// PostgreSQL's lower() follows the database's collation (C on PGlite) and would leave 'İ', 'Ş', 'Ç'
// as they are; the Turkish pairs are spelled out so both databases find the same rows.
const UPPER = 'ABCÇDEFGĞHIİJKLMNOÖPQRSŞTUÜVWXYZ';
const LOWER = 'abcçdefgğhıijklmnoöpqrsştuüvwxyz';

/** `value` lower-cased the Turkish way ('I' → 'ı', 'İ' → 'i'), in SQL. */
const turkishLowerSql = (value: SQL) => sql`translate(${value}, ${UPPER}, ${LOWER})`;

/**
 * Whether any of the texts contains `needle`, Turkish case-insensitive, as the web's table search
 * matches (apps/web/src/lib/format/search.ts); LIKE's wildcards in the needle are taken literally.
 */
export function turkishContains(texts: readonly SQL[], needle: string): SQL {
  const pattern = `%${needle.toLocaleLowerCase('tr-TR').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = texts.map((text) => sql`${turkishLowerSql(sql`coalesce(${text}, '')`)} like ${pattern}`);
  return sql`(${sql.join(matches, sql` or `)})`;
}
