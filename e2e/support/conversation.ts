import { expect, type Page } from '@playwright/test';

/** A message of the open conversation, found by its text. */
export const bubble = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Messages' }).getByText(text, { exact: true });

/** The patient starts a conversation with the care team from Messages; returns its id. */
export async function startCareTeamConversation(page: Page): Promise<string> {
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New message' }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Care Team', level: 1 })).toBeVisible();
  return page.url().split('/').pop()!;
}

/** Types a message and sends it; the box empties once it is taken (sent or kept to send). */
export async function send(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Type a message' });
  const sendButton = page.getByRole('button', { name: 'Send' });
  await input.fill(text);
  await expect(sendButton).toBeEnabled();
  await sendButton.click();
  await expect(input).toHaveValue('');
}
