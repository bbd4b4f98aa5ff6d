import { serveCustomerSite, type TCustomerSite } from './fixtures/customer-site';
import { expect, test } from './fixtures/test';

const appPort = Number(process.env.E2E_PORT ?? 3199);
/** The customer's site: a page on another loopback port; as 127.0.0.1 it is allowed, as localhost it is not. */
const shopPort = appPort + 5;
const SHOP = `http://127.0.0.1:${shopPort}`;
const OTHER = `http://localhost:${shopPort}`;

let shop: TCustomerSite;
test.beforeAll(async () => {
  shop = await serveCustomerSite(shopPort, appPort);
});
test.afterAll(async () => shop.close());

test('widget on another origin: streamed answer with its source, hand-off, ticket in the console; a non-allowed origin gets nothing', async ({
  page,
  request,
  user: owner,
  seed,
}) => {
  const auth = owner.headers;
  const bot = await request.post(`/api/seeds/${seed.id}/chatbots`, {
    headers: auth,
    data: { name: '하루마켓 상담봇', greeting: '안녕하세요, 하루마켓입니다!', allowedOrigins: [SHOP] },
  });
  expect(bot.status()).toBe(201);
  const botId: string = (await bot.json()).id;
  shop.setBot(botId);
  const faq = await request.post(`/api/seeds/${seed.id}/chatbots/${botId}/sources`, {
    headers: auth,
    data: { type: 'faq', question: '배송비는 얼마인가요?', answer: '기본 배송비는 3,000원이며 3만 원 이상 주문하시면 무료입니다.' },
  });
  expect(faq.status()).toBe(201);

  // The allowed origin: launcher, greeting, a streamed answer with its source.
  await page.goto(`${SHOP}/`);
  await page.getByRole('button', { name: '상담 챗봇 열기' }).click();
  const dialog = page.getByRole('dialog', { name: '하루마켓 상담봇' });
  await expect(dialog.getByText('안녕하세요, 하루마켓입니다!')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '질문을 입력하세요' })).toBeFocused();
  const streamed = page.waitForResponse((r) => r.url().includes('/messages') && r.request().method() === 'POST');
  await dialog.getByRole('textbox', { name: '질문을 입력하세요' }).fill('배송 비용 얼마예요?');
  await dialog.getByRole('button', { name: '보내기' }).click();
  const res = await streamed;
  expect(res.headers()['content-type']).toContain('text/event-stream');
  await expect(dialog.getByText('출처: 배송비는 얼마인가요?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '도움이 됐어요' })).toBeVisible();

  // A person, please.
  await dialog.getByRole('button', { name: '상담원 연결' }).first().click();
  await dialog.getByLabel('답변 받을 이메일').fill('customer@example.com');
  await dialog.getByLabel('남기실 말씀 (선택)').fill('반품도 문의드려요');
  await dialog.getByRole('button', { name: '연결 요청' }).click();
  await expect(dialog.getByText('상담원에게 전달했습니다.', { exact: false })).toBeVisible();

  // The ticket in the console.
  await page.goto('/login?redirect=%2Fadmin%2Fservices%2Fai-chatbot');
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL('/admin/services/ai-chatbot');
  await page.getByRole('tab', { name: '문의' }).click();
  const tickets = page.getByTestId('chatbot-tickets');
  await expect(tickets).toContainText('customer@example.com');
  await expect(tickets).toContainText('배송 비용 얼마예요?');
  await expect(tickets).toContainText('반품도 문의드려요');

  // Not allowed: the widget's first call is refused and no widget appears.
  // (The browser hides a refused cross-origin answer: the request ends as failed.)
  const widgetUrl = `/api/chatbot/${botId}/widget`;
  const ended = new Promise<string>((resolve) => {
    page.on('requestfailed', (r) => r.url().includes(widgetUrl) && resolve('failed'));
    page.on('requestfinished', (r) => r.url().includes(widgetUrl) && resolve('finished'));
  });
  await page.goto(`${OTHER}/`);
  await expect(page.getByRole('heading', { name: '하루마켓' })).toBeVisible();
  expect(await ended).toBe('failed');
  await expect(page.getByRole('button', { name: '상담 챗봇 열기' })).toHaveCount(0);
  const direct = await request.post(`/api/chatbot/${botId}/conversations`, { headers: { origin: OTHER } });
  expect(direct.status()).toBe(403);
});
