import { type APIRequestContext, expect } from '@playwright/test';
import { type ApiSession, unique } from './api';
import { messagesTo } from './helpers';

/**
 * A new employee for one test, made as HR would: a company and office of
 * their own, HR's employee import (reporting to the administrator `admin`),
 * a user with an invitation, and the password set from the invitation's
 * link. `tag` ends the E-ID; `name` starts the person's name. Answers the
 * E-ID and id.
 */
export async function newEmployeeWithPassword(
  request: APIRequestContext,
  admin: ApiSession,
  password: string,
  { tag, name }: { tag: string; name: string },
): Promise<{ eid: string; id: number }> {
  const company = await admin.post<{ id: number; name: string }>('companies', {
    name: unique('Meghna Logistics Ltd.'),
  });
  const office = await admin.post<{ name: string }>('offices', {
    company_id: company.id,
    name: unique('Khulna Office'),
  });
  const { designation } = await admin.get<{ designation: string | null }>(`employees/${admin.employeeId}`);
  const stamp = Date.now().toString(36).toUpperCase();
  const eid = `E2E-${stamp}-${tag}`;
  const email = `${eid.toLowerCase()}@example.com`;
  const mobile = `017${String(Date.now()).slice(-8)}`;
  const csv = [
    'eid,name,mobile,email,company,office,designation,line_manager_eid,joining_date',
    [
      eid,
      `${name} ${stamp}`,
      mobile,
      email,
      company.name,
      office.name,
      designation ?? '',
      admin.eid,
      '01-02-2024',
    ].join(','),
  ].join('\r\n');
  await admin.post('employees/imports', {
    file_name: `${tag.toLowerCase()}-people.csv`,
    file: Buffer.from(`${csv}\r\n`).toString('base64'),
  });
  const found = await admin.post<{ items: { id: number; eid: string }[] }>(
    `employees/search?query=${encodeURIComponent(eid)}`,
    {},
  );
  const id = found.items.find((e) => e.eid === eid)!.id;
  await admin.post('users/employees', { employee_id: id });
  let link = '';
  await expect
    .poll(
      async () => {
        const invite = (await messagesTo(request, email)).find((m) => m.topic === 'user-invite');
        link = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(invite?.body ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const set = await request.post('/api/v1/reset/password/otp', {
    data: { token: link, plain_password: password },
  });
  expect(set.ok(), `password of ${eid}: ${set.status()}`).toBeTruthy();
  return { eid, id };
}
