import { expect, test as setup } from '@playwright/test';
import { ADMIN, createUser, loginApi } from './fixtures/users';

setup('the first account becomes the platform admin', async ({ request }) => {
  await createUser(request, ADMIN.name, ADMIN.prefix, ADMIN.email);
  const { user } = await loginApi(request, ADMIN.email);
  expect(user.role).toBe('admin');
});
