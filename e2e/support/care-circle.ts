import { expect, type Browser, type Page } from '@playwright/test';
import { newPatient, uniqueFirstName, type Person } from './visit-people';

/** The shell's switch between one's own record and those one cares for. */
export const caringFor = (page: Page) => page.getByRole('combobox', { name: 'Caring for' });

/** The patient adds her daughter `first` Gurung, aged `age`, from her care circle. */
async function addDaughter(page: Page, first: string, age: string): Promise<void> {
  await page.goto('/care-circle');
  await page.getByRole('button', { name: 'Add a family member' }).click();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Gurung');
  await page.getByLabel('Age', { exact: true }).fill(age);
  await page.getByLabel('Relationship').selectOption({ label: 'Daughter' });
  await page.getByRole('button', { name: 'Save family member' }).click();
  await expect(page.getByText('Family member added')).toBeVisible();
}

/**
 * A new patient, Asha… Gurung, who added her daughter Maya… Gurung, aged `age`, and now cares
 * for her: the shell's bar names the daughter.
 */
export async function guardianOfNewDaughter(
  browser: Browser,
  baseURL: string,
  age: string,
): Promise<{ mother: Person; child: string }> {
  const mother = await newPatient(browser, baseURL, uniqueFirstName('Asha'));
  const child = uniqueFirstName('Maya');
  await addDaughter(mother.page, child, age);
  await caringFor(mother.page).selectOption({ label: `${child} Gurung` });
  await expect(mother.page.getByText(`${child} Gurung's record`)).toBeVisible();
  return { mother, child };
}
