import { serveCustomerSite, type TCustomerSite } from './fixtures/customer-site';
import { expect, test } from './fixtures/test';

/**
 * The app server's port: playwright.config.ts's default (3199) when E2E_PORT is unset, as in `npm test`. It was 3340
 * here, so in the CI run the customer page's widget script pointed at a port where nothing listens (widget.js:
 * ERR_CONNECTION_REFUSED) and the widget never rendered; it passed only in runs that set E2E_PORT.
 */
const appPort = Number(process.env.E2E_PORT ?? 3199);
/**
 * The customer's site: a page on another loopback port that loads the widget. Port + 10, not chatbot.spec.ts's port + 5:
 * the two specs run at once in two workers, and on a shared port this page was chatbot.spec's (another bot's id).
 */
const shopPort = appPort + 10;
const SHOP = `http://127.0.0.1:${shopPort}`;

let shop: TCustomerSite;
test.beforeAll(async () => {
  shop = await serveCustomerSite(shopPort, appPort);
});
test.afterAll(async () => shop.close());

test('at 360 px a customer gets an answer with its source, asks for a person during office hours and chats live with an agent in the console', async ({
  browser,
  request,
  user,
  seed,
  signedInPage: agent,
}) => {
  const auth = user.headers;
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
  // Office hours every day, holidays included, so the test does not depend on the day it runs.
  const hours = await request.put(`/api/seeds/${seed.id}/chatbots/${botId}/office-hours`, {
    headers: auth,
    data: { weekdays: [1, 2, 3, 4, 5, 6, 7], opensAt: '00:00', closesAt: '23:59', openOnHolidays: true },
  });
  expect(hours.status()).toBe(200);

  // The agent: the console's 상담함, 상담 가능 on.
  await agent.goto('/admin/services/ai-chatbot');
  await agent.getByRole('tab', { name: '상담함' }).click();
  const presence = agent.waitForResponse((r) => r.url().endsWith('/chatbots-presence') && r.request().method() === 'PUT');
  await agent.getByRole('checkbox', { name: '상담 가능' }).click();
  expect((await presence).status()).toBe(200);
  await expect(agent.getByRole('checkbox', { name: '상담 가능' })).toBeChecked();
  await expect(agent.getByText('지금 상담을 기다리는 대화가 없어요.')).toBeVisible();

  // The customer, on a phone (360 px), in another browser context.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(`${SHOP}/`);
  await customer.getByRole('button', { name: '상담 챗봇 열기' }).click();
  const dialog = customer.getByRole('dialog', { name: '하루마켓 상담봇' });
  const box = dialog.getByRole('textbox', { name: '질문을 입력하세요' });
  await box.fill('배송비 얼마예요?');
  await dialog.getByRole('button', { name: '보내기' }).click();
  // Answered (the e2e server's fake model writes the words) from the right entry, cited.
  await expect(dialog.getByText('출처: 배송비는 얼마인가요?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '도움이 됐어요' })).toBeVisible();
  // The panel fills the phone's width; nothing scrolls sideways.
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await box.fill('사람이랑 얘기하고 싶어요');
  await dialog.getByRole('button', { name: '보내기' }).click();
  await expect(dialog.getByText('상담원을 연결하고 있어요…')).toBeVisible();
  await expect(dialog.getByLabel('답변 받을 이메일')).toHaveCount(0);

  // The agent sees the waiting conversation arrive (live stream), with its transcript, and takes it.
  const chat = agent.getByRole('button', { name: /배송비 얼마예요\?/ });
  await expect(chat).toContainText('대기 중');
  await chat.click();
  await expect(agent.getByText('사람이랑 얘기하고 싶어요')).toBeVisible();
  await agent.getByRole('button', { name: '대화 맡기' }).click();
  await expect(dialog.getByText(`${user.name} 상담원이 연결되었어요.`)).toBeVisible();

  // Live both ways.
  await agent.getByRole('textbox', { name: '답장' }).fill('안녕하세요, 상담원 김하늘입니다. 무엇을 도와드릴까요?');
  await agent.getByRole('button', { name: '보내기' }).click();
  await expect(dialog.locator('.msg.agent')).toContainText('무엇을 도와드릴까요?');
  await box.fill('주소를 잘못 적었어요 바꿀 수 있을까요?');
  await dialog.getByRole('button', { name: '보내기' }).click();
  await expect(agent.getByText('주소를 잘못 적었어요 바꿀 수 있을까요?')).toBeVisible();

  // The agent ends it; the bot is back.
  await agent.getByRole('button', { name: '상담 끝내기' }).click();
  await expect(dialog.getByText('상담이 끝났어요.', { exact: false })).toBeVisible();
  await expect(agent.getByText('지금 상담을 기다리는 대화가 없어요.')).toBeVisible();
  await phone.close();
});
