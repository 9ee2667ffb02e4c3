// The diary's own test helpers: a user's diary, jars, categories and entries.
// Users and callers come from the one test kit (src/test/users.ts).
// Test-only; nothing in the app imports it.
import type { Category, Entry, EntryCreateInput, Jar } from '@staff/contracts';
import type { TestApp } from '../../test/harness';
import { caller, type TestUser } from '../../test/users';

/** The user's diary id, jars by key and a helper to make categories and entries. */
export async function diaryOf(t: TestApp, user: TestUser) {
  const call = caller(t);
  const diaries = (await call(user, 'GET', '/api/diaries/diaries/')).json() as { id: number }[];
  const jars = (await call(user, 'GET', '/api/diaries/jars/')).json() as Jar[];
  const jar = Object.fromEntries(jars.map((j) => [j.key, j.id])) as Record<Jar['key'], number>;
  const diaryId = (diaries[0] as { id: number }).id;
  return {
    diaryId,
    jar,
    async category(title: string, jarKey: Jar['key'] | null): Promise<Category> {
      const res = await call(user, 'POST', '/api/diaries/categories/', {
        title,
        jar_id: jarKey ? jar[jarKey] : null,
      });
      if (res.statusCode !== 201) throw new Error(`category: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async entry(fields: Partial<EntryCreateInput> & { category: number[] }): Promise<Entry> {
      const res = await call(user, 'POST', `/api/diaries/${diaryId}/entries/`, entryBody(fields));
      if (res.statusCode !== 201) throw new Error(`entry: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
}

export function entryBody(fields: Partial<EntryCreateInput> = {}): EntryCreateInput {
  return {
    title: 'Work',
    feeling: 'happy',
    start_date: '2030-01-10',
    start_time: '08:00',
    end_date: '2030-01-10',
    end_time: '09:00',
    category: [],
    place: 'Office',
    note: 'Notes',
    ...fields,
  };
}
