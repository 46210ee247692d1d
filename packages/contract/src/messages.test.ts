import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from './messages.ts';

const Body = z.object({
  userName: z.string().min(1),
  roles: z.array(z.string()),
  age: z.number().int(),
});
const WithEnum = z.object({ kind: z.enum(['A', 'B']) });

function messageFor(input: unknown): string {
  const result = Body.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return describeIssues(result.error.issues);
}

describe('Turkish validation messages', () => {
  it('names a missing field as required', () => {
    expect(messageFor({ roles: [], age: 1 })).toBe("'userName' alanı zorunludur.");
  });

  it('names an empty text field', () => {
    expect(messageFor({ userName: '', roles: [], age: 1 })).toBe("'userName' alanı boş bırakılamaz.");
  });

  it('names a nested array element with its index', () => {
    expect(messageFor({ userName: 'a', roles: ['x', 3], age: 1 })).toMatch(/^'roles\[1\]': Geçersiz değer/);
  });

  it('names a missing choice as required, and a wrong one as a bad choice', () => {
    const missing = WithEnum.safeParse({});
    expect(describeIssues(missing.error!.issues)).toBe("'kind' alanı zorunludur.");
    const wrong = WithEnum.safeParse({ kind: 'C' });
    expect(describeIssues(wrong.error!.issues)).toMatch(/^'kind': Geçersiz seçenek/);
  });

  it('speaks Turkish for a wrong type', () => {
    expect(messageFor({ userName: 'a', roles: [], age: 1.5 })).toMatch(/^'age': Geçersiz/);
  });
});
