import { USER_ORDERING_FIELDS, type UserOrderingField } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_PAGE } from '../../http/pages';
import { ADMIN, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';
import { caller, type SeedUser, seedUsers } from '../../test/users';

/** E-mails carry no names, so a name match can only come from the folded name columns. */
const PEOPLE: SeedUser[] = [
  {
    email: 'u01@corp.test',
    firstName: 'An',
    middleName: 'Văn',
    lastName: 'Nguyễn',
    phone: '0912 345 678',
    role: 'staff',
    gender: 'M',
  },
  {
    email: 'u02@corp.test',
    firstName: 'Bình',
    middleName: 'Thị',
    lastName: 'Trần',
    phone: '0987 000 111',
    role: 'manager',
    gender: 'F',
  },
  {
    email: 'u03@corp.test',
    firstName: 'Đức',
    middleName: 'Minh',
    lastName: 'Đặng',
    phone: '+84 90 222 3333',
    role: 'staff',
    gender: 'M',
    isActive: false,
  },
  { email: 'u04@corp.test', firstName: 'Lan', lastName: 'Lê', role: 'ndf' },
  {
    email: 'u05@corp.test',
    firstName: 'Hoa',
    middleName: 'Thị',
    lastName: 'Nguyễn',
    phone: '0903 111 222',
    role: 'manager',
    gender: 'F',
  },
  {
    email: 'u06@corp.test',
    firstName: 'Khoa',
    lastName: 'Phạm',
    phone: '0911 000 999',
    role: 'admin',
    gender: 'M',
  },
  { email: 'u07@corp.test', firstName: 'Mai', lastName: 'Võ', role: 'staff', gender: 'O', isActive: false },
  { email: 'u08@corp.test', firstName: 'Zed', lastName: 'Smith', role: 'staff' },
  {
    email: 'u09@corp.test',
    firstName: 'Anna',
    lastName: 'Ng',
    phone: '0900 000 001',
    role: 'ndf',
    gender: 'F',
  },
  {
    email: 'u10@corp.test',
    firstName: 'Tuấn',
    middleName: 'Anh',
    lastName: 'Nguyễn',
    role: 'staff',
    gender: 'M',
    isActive: false,
  },
  { email: 'u11@corp.test', firstName: '100%', lastName: 'Under_score', role: 'staff' },
  { email: 'u12@corp.test', firstName: 'Yến', lastName: 'Bùi', role: 'manager', gender: 'F' },
];

type Listed = { email: string; [k: string]: unknown };

describe.each(testDatabases())('user list (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let ids: number[];
  const list = async (query: string) => {
    const res = await caller(t)(token, 'GET', `/api/users/users/?${query}`);
    return { status: res.statusCode, body: res.json() };
  };
  const emails = async (query: string) => {
    const { status, body } = await list(query);
    expect(status, JSON.stringify(body)).toBe(200);
    return (body.results as Listed[]).map((u) => u.email);
  };
  const numbers = (...n: number[]) => n.map((i) => `u${String(i).padStart(2, '0')}@corp.test`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await signIn(t.app, ADMIN.email, ADMIN.password)).access;
    ids = await seedUsers(t, PEOPLE);
  });
  afterAll(() => t.close());

  it('answers a DRF page of presented users, sorted by last name by default', async () => {
    const { status, body } = await list('search=corp.test&page_size=50');
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 12, next: null, previous: null });
    const first = body.results.find((u: Listed) => u.email === 'u01@corp.test');
    expect(first).toEqual({
      id: ids[0],
      email: 'u01@corp.test',
      username: 'u01@corp.test',
      first_name: 'An',
      middle_name: 'Văn',
      last_name: 'Nguyễn',
      full_name: 'Nguyễn Văn An',
      phone: '0912 345 678',
      gender: 'M',
      role: 'staff',
      is_active: true,
      avatar: null,
      avatar_url: null,
      must_change_password: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/password_hash|"password"|scrypt|argon2|"search"/);
    expect(await emails('search=corp.test&page_size=50')).toEqual(
      await emails('search=corp.test&page_size=50&ordering=last_name'),
    );
  });

  it('finds Vietnamese names with or without accents, in any case', async () => {
    const nguyens = numbers(1, 5, 10);
    expect((await emails('search=nguyen')).sort()).toEqual(nguyens);
    expect((await emails('search=Nguy%E1%BB%85n')).sort()).toEqual(nguyens); // "Nguyễn"
    expect((await emails('search=NGUYEN')).sort()).toEqual(nguyens);
    expect(await emails('search=duc')).toEqual(numbers(3)); // "Đức": đ is not decomposed, it is mapped
    expect(await emails('search=%C4%90%E1%BA%B7ng')).toEqual(numbers(3)); // "Đặng"
    expect(await emails('search=dang')).toEqual(numbers(3));
    expect(await emails('search=tuan')).toEqual(numbers(10));
  });

  it('needs every word to match, anywhere in e-mail, names or phone', async () => {
    expect((await emails('search=nguyen%20an')).sort()).toEqual(numbers(1, 10)); // "An", "Anh"
    expect(await emails('search=hoa%20nguyen')).toEqual(numbers(5));
    expect(await emails('search=u07@corp')).toEqual(numbers(7));
  });

  it('finds phone numbers by their digits, with or without spacing', async () => {
    expect(await emails('search=0912345678')).toEqual(numbers(1));
    expect(await emails('search=345%20678')).toEqual(numbers(1));
    expect(await emails('search=%2B84')).toEqual(numbers(3));
  });

  it('takes % and _ literally', async () => {
    expect(await emails('search=%25')).toEqual(numbers(11));
    expect(await emails('search=_')).toEqual(numbers(11));
    expect(await list('search=zzz')).toEqual({
      status: 200,
      body: { count: 0, next: null, previous: null, results: [] },
    });
  });

  it('filters by role and status, together and with a search', async () => {
    expect((await emails('role=manager')).sort()).toEqual(numbers(2, 5, 12));
    expect((await emails('search=corp.test&is_active=false')).sort()).toEqual(numbers(3, 7, 10));
    expect((await emails('search=corp.test&is_active=true&role=staff')).sort()).toEqual(numbers(1, 8, 11));
    expect(await emails('search=nguyen&is_active=false')).toEqual(numbers(10));
    expect((await list('role=ndf&is_active=true')).body.count).toBe(2);
    // A filter left empty is no filter, as the screen sends it.
    expect((await list('search=&role=&is_active=&ordering=')).body.count).toBe(13);
  });

  const compare = (field: UserOrderingField, a: SeedUser & { id: number }, b: SeedUser & { id: number }) => {
    const value = (u: SeedUser & { id: number }) =>
      ({
        id: u.id,
        email: u.email,
        first_name: u.firstName ?? '',
        middle_name: u.middleName ?? '',
        last_name: u.lastName ?? '',
        phone: u.phone ?? '',
        role: u.role ?? 'staff',
        gender: u.gender ?? null,
        is_active: (u.isActive ?? true) ? 1 : 0,
      })[field];
    const [x, y] = [value(a), value(b)];
    if (x === y) return a.id - b.id;
    if (x === null) return -1; // no gender sorts first going up
    if (y === null) return 1;
    return x < y ? -1 : 1;
  };

  it.each(USER_ORDERING_FIELDS)('sorts by %s both ways, ties by id', async (field) => {
    const people = PEOPLE.map((p, i) => ({ ...p, id: ids[i] as number }));
    const ascending = [...people].sort((a, b) => compare(field, a, b)).map((p) => p.email);
    expect(await emails(`search=corp.test&page_size=50&ordering=${field}`)).toEqual(ascending);
    expect(await emails(`search=corp.test&page_size=50&ordering=-${field}`)).toEqual(
      [...ascending].reverse(),
    );
  });

  it('refuses to sort by anything else', async () => {
    for (const ordering of ['password_hash', '-search', 'last_name,id', 'full_name']) {
      const { status, body } = await list(`ordering=${ordering}`);
      expect(status).toBe(400);
      expect(Object.keys(body)).toEqual(['ordering']);
      expect(body.ordering[0]).toContain('is not a field you can order by');
    }
  });

  it('pages with root-relative next and previous links that keep the query', async () => {
    const first = await list('search=corp.test&page_size=10&ordering=email');
    expect(first.body.count).toBe(12);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.previous).toBeNull();
    // Root-relative without PUBLIC_URL: never built from the request's Host (http/public-url.test.ts).
    expect(first.body.next).toMatch(/^\/api\/users\/users\/\?/);
    const next = new URL(first.body.next, 'http://base.test');
    expect(next.pathname).toBe('/api/users/users/');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      search: 'corp.test',
      page_size: '10',
      ordering: 'email',
      page: '2',
    });

    const second = await list(`${next.searchParams}`);
    expect(second.body.results.map((u: Listed) => u.email)).toEqual(numbers(11, 12));
    expect(second.body.next).toBeNull();
    expect(new URL(second.body.previous, 'http://base.test').searchParams.get('page')).toBe('1');
    expect(await list('search=corp.test&page_size=10&page=3')).toEqual({
      status: 404,
      body: { detail: INVALID_PAGE, code: 'not_found' },
    });
    expect((await list('search=corp.test&page_size=20')).body.results).toHaveLength(12);
    expect((await list('search=corp.test')).body.results).toHaveLength(10); // default page size
  });

  it('refuses page sizes other than 10, 20 and 50, and pages below 1', async () => {
    for (const [query, field] of [
      ['page_size=15', 'page_size'],
      ['page_size=100', 'page_size'],
      ['page=0', 'page'],
      ['page=two', 'page'],
      ['role=boss', 'role'],
      ['is_active=maybe', 'is_active'],
    ] as const) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(Object.keys(body), query).toEqual([field]);
    }
  });
});
